import { apiRequest } from '../../../lib/api-client';
import { auth } from '../../../lib/auth-client';
import { currentAccessToken } from './mfa.service';

export interface AccountSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  aal?: string | null;
}

export async function listSessions(): Promise<AccountSession[]> {
  return apiRequest<AccountSession[]>('/api/account/sessions', { bearer: await currentAccessToken() });
}

export async function endSession(id: string): Promise<void> {
  await apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    bearer: await currentAccessToken(),
  });
}

export async function endOtherSessions(): Promise<void> {
  const { error } = await auth.signOut({ scope: 'others' });
  if (error) throw error;
}

/** A short "Browser on OS" label; deliberately simple, unknown agents fall back to a generic name. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser ?? os) as string;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'Unknown';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
