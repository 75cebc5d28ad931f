import { analyticsAllowed } from '@/features/cookie-consent';

export type AnalyticsCategory = 'Authentication' | 'Error';

interface AnalyticsEvent {
  kind: 'page_view' | 'event';
  category?: AnalyticsCategory;
  action?: string;
  label?: string;
  path: string;
}

export const ANALYTICS_ENDPOINT = '/api/analytics/events';

function send(event: AnalyticsEvent): void {
  // Consent is read at the moment of sending: 'Essential Only' (or no choice yet) sends nothing.
  if (!analyticsAllowed()) return;
  const body = JSON.stringify({ events: [event] });
  try {
    if (navigator.sendBeacon?.(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // fall through to fetch
  }
  void fetch(ANALYTICS_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

/** A page view with its path (SPEC §7). */
export function trackPageView(path: string): void {
  send({ kind: 'page_view', path });
}

/** An Authentication or Error event (SPEC §7); the label must never carry personal data. */
export function trackEvent(category: AnalyticsCategory, action: string, label?: string): void {
  send({ kind: 'event', category, action, label: label?.slice(0, 200), path: window.location.pathname });
}
