import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ago,
  clientIp,
  freshTotp,
  MINUTE_MS,
  signedInUser,
  startTestPlatform,
  timeTravel,
  type TestPlatform,
} from '#app/testing';

/** Payout method changes need a sign-in or second factor from the last 10 minutes (issue 17, finding 10). */
let platform: TestPlatform;
const db = () => platform.api.get(MikroORM).em.fork();
const IBAN = 'DE89 3704 0044 0532 0130 00';
const WALLET = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

beforeAll(async () => {
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live' } });
});

afterAll(async () => {
  await platform?.close();
});

type Account = Awaited<ReturnType<typeof signedInUser>>;
const tokenOf = async (account: Account) => (await account.client.getSession()).data.session!.access_token;
const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { session_id: string }).session_id;

async function call(method: string, path: string, token: string, body?: unknown, ip = clientIp()) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as {
      code?: string;
      message?: string;
      kind?: string;
      ibanLast4?: string;
    } | null,
  };
}

const setBank = (token: string) =>
  call('PUT', '/api/payouts/method', token, {
    kind: 'bank',
    accountHolder: 'Jane Creator',
    iban: IBAN,
    currency: 'EUR',
  });
const setWallet = (token: string) =>
  call('PUT', '/api/payouts/method', token, { kind: 'crypto', network: 'solana', address: WALLET });
/** The session signed in eleven minutes ago (a refresh since then changes nothing). */
const age = (token: string) => timeTravel(platform, 'sessionAuthenticatedAt', sessionIdOf(token), ago(11 * MINUTE_MS));
const storedMethod = async (account: Account) =>
  (
    await db().execute<{ kind: string; address: string | null }[]>(
      `select kind, address from payout_methods where user_id = ?`,
      [account.session.user.id],
    )
  )[0] ?? null;

describe('payout method changes need a recent sign-in', () => {
  it('accepts a fresh session, and emails the owner without the full IBAN', async () => {
    const alice = await signedInUser(platform);
    expect(await setBank(await tokenOf(alice))).toMatchObject({
      status: 200,
      body: { kind: 'bank', ibanLast4: '3000' },
    });
    const mail = await platform.inbox.waitFor(alice.email, /payout method was changed/);
    expect(mail.text).toContain('IBAN ending 3000');
    expect(mail.text).not.toContain('DE89370400440532013000');
  });

  it('refuses a session signed in more than 10 minutes ago, even freshly refreshed, and changes nothing', async () => {
    const alice = await signedInUser(platform);
    await setBank(await tokenOf(alice));
    await age(await tokenOf(alice));
    const refreshed = await alice.client.refreshSession();
    expect(refreshed.error).toBeNull();
    const token = refreshed.data.session!.access_token;
    const stale = await setWallet(token);
    expect(stale).toEqual({ status: 403, body: expect.objectContaining({ code: 'reauthentication_needed' }) });
    expect((await call('DELETE', '/api/payouts/method', token)).body).toMatchObject({
      code: 'reauthentication_needed',
    });
    expect(await storedMethod(alice)).toEqual({ kind: 'bank', address: null });
  });

  it('accepts the change again after the password is confirmed on the same session, and emails a removal', async () => {
    const alice = await signedInUser(platform);
    const token = await tokenOf(alice);
    await age(token);
    expect((await setWallet(token)).status).toBe(403);
    const wrong = await call('POST', '/api/account/reauthenticate', token, { password: 'Not-the-password-1!' });
    expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ code: 'invalid_credentials' }) });
    expect((await setWallet(token)).status).toBe(403);
    expect((await call('POST', '/api/account/reauthenticate', token, {})).status).toBe(400);

    const confirmed = await call('POST', '/api/account/reauthenticate', token, { password: alice.password });
    expect(confirmed.status).toBe(200);
    expect((await setWallet(token)).status).toBe(200);
    expect(await storedMethod(alice)).toEqual({ kind: 'crypto', address: WALLET });
    expect((await platform.inbox.waitFor(alice.email, /payout method was changed/)).text).toContain(
      'Solana wallet 4Nd1…DB4T',
    );
    expect((await call('DELETE', '/api/payouts/method', token)).status).toBe(204);
    expect((await platform.inbox.waitFor(alice.email, /payout method was removed/)).text).toContain(
      'Solana wallet 4Nd1…DB4T',
    );
  });

  it("never lets another user's token change or remove your method", async () => {
    const alice = await signedInUser(platform);
    const bob = await signedInUser(platform);
    await setBank(await tokenOf(alice));
    const bobToken = await tokenOf(bob);
    expect((await setWallet(bobToken)).status).toBe(200);
    expect((await call('DELETE', '/api/payouts/method', bobToken)).status).toBe(204);
    expect(await storedMethod(alice)).toEqual({ kind: 'bank', address: null });
    // Re-authenticating checks the caller's own password, on the caller's own session.
    await age(bobToken);
    expect(
      (await call('POST', '/api/account/reauthenticate', bobToken, { password: 'Someone-else-9!' })).body,
    ).toMatchObject({ code: 'invalid_credentials' });
    expect((await setWallet(bobToken)).status).toBe(403);
  });

  it('with 2FA on, asks for a code instead of the password; a verified code refreshes the same session', async () => {
    const alice = await signedInUser(platform);
    const enrolled = await alice.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.totp.secret;
    const first = await alice.client.mfa.challenge({ factorId });
    expect(
      (await alice.client.mfa.verify({ factorId, challengeId: first.data!.id, code: await freshTotp(secret) })).error,
    ).toBeNull();
    const token = await tokenOf(alice);
    await age(token);
    expect((await setWallet(token)).status).toBe(403);
    const byPassword = await call('POST', '/api/account/reauthenticate', token, { password: alice.password });
    expect(byPassword).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'mfa_reauthentication_required' }),
    });

    const challenge = await alice.client.mfa.challenge({ factorId });
    const verified = await alice.client.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: await freshTotp(secret),
    });
    expect(verified.error).toBeNull();
    expect(sessionIdOf(verified.data!.access_token)).toBe(sessionIdOf(token));
    expect((await setWallet(verified.data!.access_token)).status).toBe(200);
  });
});
