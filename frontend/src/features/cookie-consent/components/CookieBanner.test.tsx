import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { CookieBanner } from './CookieBanner';

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('CookieBanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears after 1 s and stores "Essential Only" as analytics false', () => {
    renderAt(<CookieBanner />);
    // Small steps, so a banner scheduled too early would have time to finish its enter transition.
    for (let i = 0; i < 9; i++) act(() => vi.advanceTimersByTime(111));
    expect(banner()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(300));
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');

    fireEvent.click(screen.getByRole('button', { name: 'Essential Only' }));
    const stored = JSON.parse(localStorage.getItem('cookieConsent') ?? 'null');
    expect(stored).toMatchObject({ essential: true, analytics: false });
    expect(Number.isNaN(Date.parse(stored.timestamp))).toBe(false);
    act(() => vi.advanceTimersByTime(500));
    expect(banner()).toBeNull();
  });

  it('stores analytics true on "Accept All"', () => {
    renderAt(<CookieBanner />);
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(JSON.parse(localStorage.getItem('cookieConsent') ?? 'null')).toMatchObject({
      essential: true,
      analytics: true,
    });
  });

  it('stays hidden when consent is already stored', () => {
    localStorage.setItem(
      'cookieConsent',
      JSON.stringify({ essential: true, analytics: true, timestamp: new Date().toISOString() }),
    );
    renderAt(<CookieBanner />);
    act(() => vi.advanceTimersByTime(5000));
    expect(banner()).toBeNull();
  });
});
