import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCookieConsent } from '@/features/cookie-consent';
import { ANALYTICS_ENDPOINT, trackEvent, trackPageView } from './analytics';

describe('analytics', () => {
  const beacon = vi.fn((_url: string, _body: Blob) => true);

  beforeEach(() => {
    window.localStorage.clear();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    beacon.mockClear();
  });

  afterEach(() => window.localStorage.clear());

  it('sends nothing before the visitor chose', () => {
    trackPageView('/faq');
    trackEvent('Authentication', 'sign_in');
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends nothing after 'Essential Only'", () => {
    saveCookieConsent(false);
    trackPageView('/faq');
    trackEvent('Error', 'password_reset_failed');
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends page views with their path and Authentication/Error events to our own endpoint after 'Accept All'", async () => {
    saveCookieConsent(true);
    trackPageView('/faq');
    trackEvent('Error', 'password_reset_failed', 'rejected');
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(beacon.mock.calls.map(([url]) => url)).toEqual([ANALYTICS_ENDPOINT, ANALYTICS_ENDPOINT]);
    const bodies = await Promise.all(
      beacon.mock.calls.map(
        ([, blob]) =>
          new Promise<string>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.readAsText(blob);
          }),
      ),
    );
    expect(bodies.map((body) => JSON.parse(body))).toEqual([
      { events: [{ kind: 'page_view', path: '/faq' }] },
      { events: [{ kind: 'event', category: 'Error', action: 'password_reset_failed', label: 'rejected', path: '/' }] },
    ]);
    expect(ANALYTICS_ENDPOINT.startsWith('/')).toBe(true);
  });
});
