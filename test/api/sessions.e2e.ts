import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  authClient,
  FixedClock,
  signedInUser,
  startTestPlatform,
  STRONG_PASSWORD,
  type TestPlatform,
} from '#app/testing';

let platform: TestPlatform;
const clock = new FixedClock(new Date());

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});

afterAll(async () => {
  await platform?.close();
});

async function rawRefresh(refreshToken: string, ip = '10.9.9.9') {
  const response = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': ip },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('sessions: refresh rotation, reuse detection, sign-out scopes, password change', () => {
  it('rotates the refresh token and keeps the session alive', async () => {
    const { client, session } = await signedInUser(platform);
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.data.user?.id).toBe(session.user.id);
    const claims = JSON.parse(Buffer.from(refreshed.data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.amr[0].method).toBe('password');
    expect(typeof claims.session_id).toBe('string');
  });

  it('treats a rotated token presented again after the reuse window as theft and revokes the whole session', async () => {
    const { client, session } = await signedInUser(platform);
    const first = await client.refreshSession();
    expect(first.error).toBeNull();

    clock.advance(11_000);
    const replay = await rawRefresh(session.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('refresh_token_already_used');

    // Every token of that session is gone: the newest refresh token and the access token too.
    const newest = await rawRefresh(first.data.session!.refresh_token);
    expect(newest.status).toBe(400);
    expect(newest.body.code).toBe('refresh_token_not_found');
    const user = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${first.data.session!.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(((await user.json()) as Record<string, unknown>).code).toBe('session_not_found');
  });

  it('forgives a replay within the reuse window (a lost response) while leaving one live token', async () => {
    const { client, session } = await signedInUser(platform);
    const first = await client.refreshSession();
    const retry = await rawRefresh(session.refresh_token);
    expect(retry.status).toBe(200);
    // The child issued first is retired; the retry's token is the live one.
    expect((await rawRefresh(first.data.session!.refresh_token)).status).toBe(200);
  });

  it('refuses malformed and unknown refresh tokens with the contract codes', async () => {
    expect((await rawRefresh('short')).body.code).toBe('validation_failed');
    expect((await rawRefresh('x'.repeat(32))).body.code).toBe('refresh_token_not_found');
  });

  it('signs out locally, others, and globally', async () => {
    const account = await signedInUser(platform);
    const second = authClient(platform.baseUrl, account.ip);
    const third = authClient(platform.baseUrl, account.ip);
    await second.signInWithPassword({ email: account.email, password: account.password });
    await third.signInWithPassword({ email: account.email, password: account.password });

    await second.signOut({ scope: 'local' });
    expect((await second.getSession()).data.session).toBeNull();
    expect((await account.client.getUser()).error).toBeNull();
    expect((await third.getUser()).error).toBeNull();

    expect((await account.client.signOut({ scope: 'others' })).error).toBeNull();
    expect((await account.client.getUser()).error).toBeNull();
    const thirdUser = await third.getUser();
    expect(thirdUser.error?.message).toBe('Auth session missing!');

    const fourth = authClient(platform.baseUrl, account.ip);
    await fourth.signInWithPassword({ email: account.email, password: account.password });
    const fourthToken = (await fourth.getSession()).data.session!.access_token;
    await account.client.signOut();
    const after = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${fourthToken}` },
    });
    expect(after.status).toBe(403);

    const badScope = await fetch(`${platform.baseUrl}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fourthToken}` },
    });
    expect(badScope.status).toBe(403);
  });

  it('changes the password, ends the other sessions, and refuses the same password', async () => {
    const account = await signedInUser(platform);
    const other = authClient(platform.baseUrl, account.ip);
    await other.signInWithPassword({ email: account.email, password: account.password });

    const same = await account.client.updateUser({ password: STRONG_PASSWORD, current_password: account.password });
    expect(same.error?.code).toBe('same_password');
    const weak = await account.client.updateUser({ password: 'abc', current_password: account.password });
    expect(weak.error?.code).toBe('weak_password');

    const changed = await account.client.updateUser({
      password: 'Brand-New-Pass-42!',
      current_password: account.password,
    });
    expect(changed.error).toBeNull();
    expect((await account.client.getUser()).error).toBeNull();
    expect((await other.getUser()).error?.message).toBe('Auth session missing!');

    const oldPassword = await authClient(platform.baseUrl).signInWithPassword({
      email: account.email,
      password: STRONG_PASSWORD,
    });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await authClient(platform.baseUrl).signInWithPassword({
      email: account.email,
      password: 'Brand-New-Pass-42!',
    });
    expect(newPassword.error).toBeNull();
  });

  it('rejects missing, forged and expired access tokens', async () => {
    const { session } = await signedInUser(platform);
    const none = await fetch(`${platform.baseUrl}/auth/v1/user`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as Record<string, unknown>).code).toBe('no_authorization');

    const [header, payload] = session.access_token.split('.');
    const forged = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${header}.${payload}.AAAA` },
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as Record<string, unknown>).code).toBe('bad_jwt');

    clock.advance(3601_000);
    const expired = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as Record<string, unknown>).code).toBe('bad_jwt');
  });

  it('lets no user read another user through the auth API', async () => {
    const alice = await signedInUser(platform);
    const bob = await signedInUser(platform);
    const asBob = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${bob.session.access_token}` },
    });
    expect(((await asBob.json()) as Record<string, unknown>).email).toBe(bob.email);
    // Bob signing out globally does not touch Alice.
    await bob.client.signOut();
    expect((await alice.client.getUser()).data.user?.email).toBe(alice.email);
  });
});
