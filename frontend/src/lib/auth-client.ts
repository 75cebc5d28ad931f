import { GoTrueClient } from '@supabase/auth-js';
import { setToken } from './storage';

/** False while pages are prerendered at build time: the client then never starts timers or reads storage. */
const inBrowser = typeof window !== 'undefined';

/**
 * Public, non-secret key our /auth/v1 expects in the apikey header (like a Supabase anon key): the
 * server writes its PUBLIC_ANON_KEY into the page; the built-in one serves the dev server and tests.
 */
function anonKey(): string {
  const served = inBrowser
    ? document.querySelector<HTMLMetaElement>('meta[name="fanmint-anon-key"]')?.content
    : undefined;
  return served && !served.startsWith('__') ? served : 'fanmint-public-anon-key';
}

export const PUBLIC_ANON_KEY = anonKey();

export const auth = new GoTrueClient({
  url: `${inBrowser ? window.location.origin : 'http://prerender.invalid'}/auth/v1`,
  headers: { apikey: PUBLIC_ANON_KEY },
  persistSession: inBrowser,
  autoRefreshToken: inBrowser,
  detectSessionInUrl: inBrowser,
  flowType: 'implicit',
});

// The product API client and the public navigation read `token`; keep it equal to the live access token.
if (inBrowser)
  auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      setToken(null);
      return;
    }
    // MFA_CHALLENGE_VERIFIED carries the new aal2 session: without it `token` would stay the aal1 one.
    const carriesSession =
      event === 'SIGNED_IN' ||
      event === 'TOKEN_REFRESHED' ||
      event === 'INITIAL_SESSION' ||
      event === 'MFA_CHALLENGE_VERIFIED' ||
      event === 'USER_UPDATED';
    if (carriesSession && session) {
      setToken(session.access_token);
    }
  });

export function authRedirectUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
