import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  authClient,
  callApi,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';
import { BearerStrategy } from './bearer.strategy.js';

// Two apps in one process, each with its own JWT secret (as several suites run them): Passport's
// strategy registry is per process, and each app must still check tokens with its own secret.
let first: TestPlatform;
let second: TestPlatform;

beforeAll(async () => {
  first = await startTestPlatform({ worker: false, env: { AUTH_AUTOCONFIRM: 'true' } });
  second = await startTestPlatform({ worker: false, env: { AUTH_AUTOCONFIRM: 'true' } });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
});

async function accessToken(platform: TestPlatform): Promise<string> {
  const { data, error } = await authClient(platform.baseUrl).signUp({
    email: uniqueEmail('bearer'),
    password: STRONG_PASSWORD,
    options: { data: signupMetadata() },
  });
  if (error || !data.session) throw error ?? new Error('no session (is AUTH_AUTOCONFIRM on?)');
  return data.session.access_token;
}

describe('the bearer strategy', () => {
  it("checks each app's tokens with that app's own secret, whichever app was started last", async () => {
    const [firstToken, secondToken] = [await accessToken(first), await accessToken(second)];
    expect((await callApi(first, 'GET', '/auth/v1/user', firstToken)).status).toBe(200);
    expect((await callApi(second, 'GET', '/auth/v1/user', secondToken)).status).toBe(200);
    expect(await callApi(first, 'GET', '/auth/v1/user', secondToken)).toMatchObject({
      status: 403,
      body: { code: 'bad_jwt' },
    });
    expect(await callApi(second, 'GET', '/auth/v1/user', firstToken)).toMatchObject({
      status: 403,
      body: { code: 'bad_jwt' },
    });
  });

  it('refuses a valid token once its session row is gone, on a guarded route and through authenticateHeader', async () => {
    const token = await accessToken(first);
    const strategy = first.api.get(BearerStrategy);
    const auth = await strategy.authenticateHeader(`Bearer ${token}`);
    expect(auth.claims.aal).toBe('aal1');
    await first.api.get(MikroORM).em.fork().execute(`delete from sessions where id = ?`, [auth.sessionId]);
    const refusal = {
      status: 403,
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    };
    await expect(strategy.authenticateHeader(`Bearer ${token}`)).rejects.toMatchObject(refusal);
    expect(await callApi(first, 'GET', '/auth/v1/user', token)).toMatchObject({
      status: 403,
      body: { code: refusal.code, msg: refusal.message },
    });
  });
});
