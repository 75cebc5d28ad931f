import { vi } from 'vitest';

/** A stand-in for the GoTrueClient in lib/auth-client with every method the 2FA screens call. */
export function createAuthMock() {
  return {
    getSession: vi.fn(),
    signOut: vi.fn(),
    setSession: vi.fn(),
    updateUser: vi.fn(),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: vi.fn() } } })),
    mfa: {
      listFactors: vi.fn(),
      enroll: vi.fn(),
      challenge: vi.fn(),
      verify: vi.fn(),
      unenroll: vi.fn(),
      getAuthenticatorAssuranceLevel: vi.fn(),
    },
  };
}

export type AuthMock = ReturnType<typeof createAuthMock>;

export function resetAuthMock(auth: AuthMock) {
  for (const fn of [auth.getSession, auth.signOut, auth.setSession, auth.updateUser, ...Object.values(auth.mfa)]) {
    fn.mockReset();
  }
  auth.onAuthStateChange.mockImplementation(() => ({ data: { subscription: { unsubscribe: vi.fn() } } }));
}

export const verifiedFactor = {
  id: 'factor-1',
  factor_type: 'totp',
  status: 'verified',
  friendly_name: 'Authenticator App',
};

export function sessionWith(accessToken: string, email = 'fan@example.com') {
  return { access_token: accessToken, refresh_token: 'refresh', user: { email } };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** fetch stub answering by "METHOD path"; unknown calls fail the way an offline server would. */
export function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `No handler for ${key}` }), { status: 503 });
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
