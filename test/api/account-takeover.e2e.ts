import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  authClient,
  clientIp,
  freshTotp,
  signedInUser,
  startTestPlatform,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';

/**
 * Issue 33, finding 4: a browser left signed in is not enough to take the account. The password
 * changes only with the current password, the mailed re-authentication code or a fresh recovery
 * link; an email change needs both addresses; the payout method asks for the second factor.
 */
let platform: TestPlatform;
const db = () => platform.api.get(MikroORM).em.fork();

beforeAll(async () => {
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live' } });
});

afterAll(async () => {
  await platform?.close();
});

type Account = Awaited<ReturnType<typeof signedInUser>>;
const NEW_PASSWORD = 'Taken-Over-Pass-71!';
const tokenOf = async (account: Account) => (await account.client.getSession()).data.session!.access_token;
const signIn = (email: string, password: string) =>
  authClient(platform.baseUrl).signInWithPassword({ email, password });
const fragment = (location: string) => new URLSearchParams(location.split('#')[1] ?? '');

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': clientIp(),
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as { code?: string; message?: string; msg?: string } | null,
  };
}

const setWallet = (token: string) =>
  call('PUT', '/api/payouts/method', token, {
    kind: 'crypto',
    network: 'solana',
    address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  });

describe('a password change from a left-open session', () => {
  it('is refused without the current password (current_password_required): the password stays and no session ends', async () => {
    const owner = await signedInUser(platform);
    const ownersOtherDevice = authClient(platform.baseUrl, owner.ip);
    expect(
      (await ownersOtherDevice.signInWithPassword({ email: owner.email, password: owner.password })).error,
    ).toBeNull();

    const taken = await owner.client.updateUser({ password: NEW_PASSWORD });
    expect(taken.error).toMatchObject({ status: 400, code: 'current_password_required' });
    expect((await ownersOtherDevice.getUser()).error).toBeNull();
    expect((await signIn(owner.email, owner.password)).error).toBeNull();
    expect((await signIn(owner.email, NEW_PASSWORD)).error?.code).toBe('invalid_credentials');
    // So the thief cannot re-authenticate the session with a password of their own to reach the payout method.
    const reauthenticated = await call('POST', '/api/account/reauthenticate', await tokenOf(owner), {
      password: NEW_PASSWORD,
    });
    expect(reauthenticated.body?.code).toBe('invalid_credentials');
  });

  it('is refused with a wrong current password (current_password_mismatch) and made with the right one', async () => {
    const owner = await signedInUser(platform);
    const wrong = await owner.client.updateUser({ password: NEW_PASSWORD, current_password: 'Not-My-Password-3!' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    expect((await signIn(owner.email, owner.password)).error).toBeNull();

    const right = await owner.client.updateUser({ password: NEW_PASSWORD, current_password: owner.password });
    expect(right.error).toBeNull();
    expect((await signIn(owner.email, NEW_PASSWORD)).error).toBeNull();
  });

  it('is made with the code reauthenticate() mails to the address on file, once; a wrong code voids it', async () => {
    const owner = await signedInUser(platform);
    expect((await owner.client.reauthenticate()).error).toBeNull();
    const first = await platform.inbox.waitFor(owner.email, /confirmation code/);
    const code = /\b(\d{6})\b/.exec(first.text)![1];
    const wrongCode = code === '000000' ? '111111' : '000000';
    const guessed = await owner.client.updateUser({ password: NEW_PASSWORD, nonce: wrongCode });
    expect(guessed.error).toMatchObject({ status: 400, code: 'reauthentication_not_valid' });
    // One guess per mailed code: the right code no longer works either.
    expect((await owner.client.updateUser({ password: NEW_PASSWORD, nonce: code })).error?.code).toBe(
      'reauthentication_not_valid',
    );

    expect((await owner.client.reauthenticate()).error).toBeNull();
    const second = await platform.inbox.waitFor(owner.email, /confirmation code/, { nth: 2 });
    const nonce = /\b(\d{6})\b/.exec(second.text)![1];
    expect((await owner.client.updateUser({ password: NEW_PASSWORD, nonce })).error).toBeNull();
    expect((await signIn(owner.email, NEW_PASSWORD)).error).toBeNull();
    expect((await owner.client.updateUser({ password: 'Third-Pass-Word-5!', nonce })).error?.code).toBe(
      'reauthentication_not_valid',
    );
  });

  it('still works without the current password in the session a recovery link opened', async () => {
    const owner = await signedInUser(platform);
    expect(
      (
        await authClient(platform.baseUrl).resetPasswordForEmail(owner.email, {
          redirectTo: `${platform.baseUrl}/reset-password`,
        })
      ).error,
    ).toBeNull();
    const mail = await platform.inbox.waitFor(owner.email, /Reset your Fanmint password/);
    const opened = await fetch(
      mail.links.find((href) => href.includes('/auth/v1/verify?'))!,
      { redirect: 'manual' },
    );
    const params = fragment(opened.headers.get('location')!);
    const recovering = authClient(platform.baseUrl);
    await recovering.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect((await recovering.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect((await signIn(owner.email, NEW_PASSWORD)).error).toBeNull();
  });
});

describe('an email change from a left-open session', () => {
  it('happens only once both the old and the new address confirm it, and the old address is told', async () => {
    const owner = await signedInUser(platform);
    const newEmail = uniqueEmail('thief');
    const asked = await owner.client.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${platform.baseUrl}/dashboard/settings` },
    );
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: owner.email, new_email: newEmail });

    const toNew = await platform.inbox.waitFor(newEmail, /Confirm your new Fanmint email/);
    const openedNew = await fetch(
      toNew.links.find((href) => href.includes('/auth/v1/verify'))!,
      { redirect: 'manual' },
    );
    expect(openedNew.status).toBe(303);
    const accepted = fragment(openedNew.headers.get('location')!);
    expect(accepted.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(accepted.get('access_token')).toBeNull();
    // The new address alone changes nothing.
    expect((await signIn(owner.email, owner.password)).error).toBeNull();
    expect((await signIn(newEmail, owner.password)).error?.code).toBe('invalid_credentials');

    const toOld = await platform.inbox.waitFor(owner.email, /email address was requested/);
    expect(toOld.text).toContain(newEmail);
    const openedOld = await fetch(
      toOld.links.find((href) => href.includes('/auth/v1/verify'))!,
      { redirect: 'manual' },
    );
    expect(openedOld.headers.get('location')).toMatch(/#access_token=.+type=email_change/);
    expect((await signIn(newEmail, owner.password)).error).toBeNull();
    expect((await signIn(owner.email, owner.password)).error?.code).toBe('invalid_credentials');
    expect((await platform.inbox.waitFor(owner.email, /email address was changed/)).text).toContain(newEmail);
  });

  it('waits for both in the other order too: the old address alone changes nothing', async () => {
    const owner = await signedInUser(platform);
    const newEmail = uniqueEmail('moved');
    expect((await owner.client.updateUser({ email: newEmail })).error).toBeNull();
    const oldLink = (await platform.inbox.waitFor(owner.email, /email address was requested/)).links.find((href) =>
      href.includes('/auth/v1/verify'),
    )!;
    expect(fragment((await fetch(oldLink, { redirect: 'manual' })).headers.get('location')!).get('message')).toMatch(
      /^Confirmation link accepted/,
    );
    expect(await db().execute(`select email, email_change from users where id = ?`, [owner.session.user.id])).toEqual([
      { email: owner.email, email_change: newEmail },
    ]);

    const newLink = (await platform.inbox.waitFor(newEmail, /Confirm your new/)).links.find((href) =>
      href.includes('/auth/v1/verify'),
    )!;
    expect((await fetch(newLink, { redirect: 'manual' })).headers.get('location')).toMatch(/#access_token=/);
    expect(await db().execute(`select email, email_change from users where id = ?`, [owner.session.user.id])).toEqual([
      { email: newEmail, email_change: null },
    ]);
  });
});

describe('a payout method change from a left-open session', () => {
  it('with 2FA on needs an aal2 session even right after a password sign-in, and mails the owner', async () => {
    const owner = await signedInUser(platform);
    const enrolled = await owner.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    const factorId = enrolled.data!.id;
    const challenge = await owner.client.mfa.challenge({ factorId });
    expect(
      (
        await owner.client.mfa.verify({
          factorId,
          challengeId: challenge.data!.id,
          code: await freshTotp(enrolled.data!.totp.secret),
        })
      ).error,
    ).toBeNull();

    const browser = authClient(platform.baseUrl);
    const signedIn = await browser.signInWithPassword({ email: owner.email, password: owner.password });
    const aal1 = signedIn.data.session!.access_token;
    expect(await setWallet(aal1)).toEqual({ status: 403, body: expect.objectContaining({ code: 'insufficient_aal' }) });
    expect((await call('DELETE', '/api/payouts/method', aal1)).body?.code).toBe('insufficient_aal');
    expect(await db().execute(`select kind from payout_methods where user_id = ?`, [owner.session.user.id])).toEqual(
      [],
    );

    const stepUp = await browser.mfa.challenge({ factorId });
    const verified = await browser.mfa.verify({
      factorId,
      challengeId: stepUp.data!.id,
      code: await freshTotp(enrolled.data!.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect((await setWallet(verified.data!.access_token)).status).toBe(200);
    expect((await platform.inbox.waitFor(owner.email, /payout method was changed/)).text).toContain(
      'Solana wallet 4Nd1…DB4T',
    );
  });
});
