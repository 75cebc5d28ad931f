import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GoTrueClient } from '@supabase/auth-js';
import { randomBytes } from 'node:crypto';
import {
  clientIp,
  createConfirmedUser,
  FixedClock,
  MemoryStorage,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';

// The PKCE email flow (contract §8) through the official client with flowType 'pkce'.
let platform: TestPlatform;
const clock = new FixedClock(new Date());

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});

afterAll(async () => {
  await platform?.close();
});

function pkceClient(ip = clientIp()): GoTrueClient {
  return new GoTrueClient({
    url: `${platform.baseUrl}/auth/v1`,
    headers: { apikey: 'fanmint-public-anon-key', 'x-forwarded-for': ip },
    storage: new MemoryStorage(),
    storageKey: `fanmint-pkce-${randomBytes(6).toString('hex')}`,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType: 'pkce',
  });
}

/** Follows the emailed /auth/v1/verify link and returns where it redirected. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': clientIp() } });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

async function signUpAndFollow(email: string, auth = pkceClient()) {
  const { error } = await auth.signUp({
    email,
    password: STRONG_PASSWORD,
    options: { emailRedirectTo: `${platform.baseUrl}/welcome`, data: signupMetadata() },
  });
  expect(error).toBeNull();
  const mail = await platform.inbox.waitFor(email, /Confirm/);
  const link = mail.links.find((href) => href.startsWith(`${platform.baseUrl}/auth/v1/verify?`));
  expect(link).toBeDefined();
  expect(new URL(link!).searchParams.get('type')).toBe('signup');
  return { auth, landed: await follow(link!) };
}

const exchange = (body: Record<string, unknown>) =>
  fetch(`${platform.baseUrl}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      'x-forwarded-for': clientIp(),
    },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));

describe('PKCE email flow', () => {
  it('confirms a sign-up: the link redirects with ?code=, which the client exchanges for a session once', async () => {
    const email = uniqueEmail('pkce');
    const { auth, landed } = await signUpAndFollow(email);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${platform.baseUrl}/welcome`);
    expect(landed.hash).toBe('');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const { data, error } = await auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await auth.getUser()).data.user?.email).toBe(email);

    const again = await exchange({ auth_code: code, code_verifier: 'x'.repeat(43) });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('flow_state_not_found');
  });

  it('refuses a wrong verifier without spending the code, and an expired code', async () => {
    const { auth, landed } = await signUpAndFollow(uniqueEmail('pkce'));
    const code = landed.searchParams.get('code')!;
    const wrong = await exchange({
      auth_code: code,
      code_verifier: 'not-the-verifier-not-the-verifier-not-the-verifier',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });
    expect((await auth.exchangeCodeForSession(code)).error).toBeNull();

    const late = await signUpAndFollow(uniqueEmail('pkce'));
    clock.advance(301_000);
    const expired = await late.auth.exchangeCodeForSession(late.landed.searchParams.get('code')!);
    expect(expired.error?.status).toBe(403);
    expect(expired.error?.code).toBe('flow_state_expired');
  });

  it('recovers a password: the reset link yields a code, the exchange a PASSWORD_RECOVERY session', async () => {
    const account = await createConfirmedUser(platform);
    const auth = pkceClient();
    const events: string[] = [];
    auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await auth.resetPasswordForEmail(account.email, {
      redirectTo: `${platform.baseUrl}/reset-password`,
    });
    expect(error).toBeNull();
    const mail = await platform.inbox.waitFor(account.email, /Reset your Fanmint password/);
    const landed = await follow(mail.links.find((href) => href.includes('/auth/v1/verify?'))!);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${platform.baseUrl}/reset-password`);

    const { data, error: exchangeError } = await auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(exchangeError).toBeNull();
    expect(data.user?.email).toBe(account.email);
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await auth.updateUser({ password: 'Recovered-Pass-58!' })).error).toBeNull();
    expect(
      (await pkceClient().signInWithPassword({ email: account.email, password: 'Recovered-Pass-58!' })).error,
    ).toBeNull();
  });

  it('answers malformed PKCE parameters and exchanges with validation_failed, creating nothing', async () => {
    const email = uniqueEmail('pkce');
    const response = await fetch(`${platform.baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': clientIp(),
      },
      body: JSON.stringify({
        email,
        password: STRONG_PASSWORD,
        code_challenge: 'short',
        code_challenge_method: 's256',
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Record<string, unknown>).code).toBe('validation_failed');
    const method = await fetch(`${platform.baseUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': clientIp(),
      },
      body: JSON.stringify({ email, code_challenge: 'c'.repeat(43), code_challenge_method: 'toString' }),
    });
    expect(method.status).toBe(400);
    expect((await exchange({ auth_code: 'abc' })).body).toMatchObject({ code: 'validation_failed' });
    expect((await exchange({ auth_code: 'abc', code_verifier: 'def' })).status).toBe(404);
    await platform.drain();
    expect(platform.inbox.for(email)).toHaveLength(0);
  });
});
