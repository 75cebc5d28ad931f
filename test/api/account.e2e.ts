import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { FixedClock, STRONG_PASSWORD, clientIp, markTotpStepUsed, signedInUser, uniqueEmail, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform } from './commerce-fixtures.js';

/**
 * Issue 20, account basics: email change (both addresses, through the real SMTP listener),
 * password change, the GDPR export (contents and isolation) and account deletion end to end:
 * subscriptions end, personal data is erased, the ledger keeps balancing, sign-in is refused.
 */
const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
type Fan = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
});

afterAll(async () => {
  await platform?.close();
});

const tokenOf = async (who: Fan) => (await who.client.getSession()).data.session!.access_token;
const buy = (token: string, body: Record<string, unknown>) => call(platform, 'POST', '/api/purchases', token, body, { 'idempotency-key': newKey() });
const signIn = (email: string, password: string) =>
  fetch(`${platform.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': clientIp() },
    body: JSON.stringify({ email, password }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code?: string; access_token?: string } }));
const deleteAccount = (token: string, body: Record<string, unknown> = {}) => call(platform, 'DELETE', '/api/account', token, body);

/** A fan with a paid subscription to the fixture store and a paid album from it. */
async function payingFan(): Promise<{ fan: Fan; subscriptionPurchase: string; albumPurchase: string }> {
  const fan = await f.newFan();
  const token = fan.session.access_token;
  const subscription = await buy(token, { kind: 'subscription', storeSlug: f.slug, method: 'card' });
  expect(subscription.status).toBe(201);
  await f.settle(subscription.body.id);
  const album = await buy(token, { kind: 'content', contentId: albumId, method: 'card' });
  await f.settle(album.body.id);
  await platform.drain();
  return { fan, subscriptionPurchase: subscription.body.id, albumPurchase: album.body.id };
}

let albumId: string;
beforeAll(async () => {
  albumId = await f.approvedItem('album', 700, 'Account album');
});

/** Every ledger transaction balances and each account's derived balance equals its entries. */
async function ledgerBalances(): Promise<void> {
  expect(await f.db().execute(`select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0 limit 1`)).toEqual([]);
  expect(
    await f.db().execute(
      `select b.account_id from ledger_balances b
         left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) s on s.account_id = b.account_id
        where b.balance_minor <> coalesce(s.total, 0) limit 1`,
    ),
  ).toEqual([]);
}

describe('email change', () => {
  it('sends the link to the new address and a notice to the old; the change happens only when the link is opened', async () => {
    const fan = await f.newFan();
    const newEmail = uniqueEmail('moved');
    const asked = await fan.client.updateUser({ email: newEmail }, { emailRedirectTo: `${platform.baseUrl}/dashboard/settings` });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: fan.email, new_email: newEmail });

    const notice = await platform.inbox.waitFor(fan.email, /email address was requested/);
    expect(notice.text).toContain(newEmail);
    const confirm = await platform.inbox.waitFor(newEmail, /Confirm your new Fanmint email/);
    // Not yet: the old address still signs in.
    expect((await signIn(fan.email, fan.password)).status).toBe(200);

    const link = confirm.links.find((href) => href.includes('/auth/v1/verify'))!;
    expect(new URL(link).searchParams.get('type')).toBe('email_change');
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/\/dashboard\/settings#access_token=.+type=email_change/);
    // The link works once.
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired');

    expect(await signIn(fan.email, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect((await signIn(newEmail, fan.password)).status).toBe(200);
  });

  it("refuses an address another account uses, and a malformed one, changing nothing", async () => {
    const fan = await f.newFan();
    const other = await f.newFan();
    const taken = await call(platform, 'PUT', '/auth/v1/user', fan.session.access_token, { email: other.email.toUpperCase() });
    expect(taken).toMatchObject({ status: 422, body: { code: 'email_exists' } });
    expect((await call(platform, 'PUT', '/auth/v1/user', fan.session.access_token, { email: 'not-an-address' })).status).toBe(400);
    expect(await f.db().execute(`select email_change from users where id = ?`, [fan.session.user.id])).toEqual([{ email_change: null }]);
  });
});

describe('password change', () => {
  it('makes the old password fail and the new one work', async () => {
    const fan = await f.newFan();
    const next = 'Another-Strong-9!';
    expect((await fan.client.updateUser({ password: next })).error).toBeNull();
    expect(await signIn(fan.email, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect((await signIn(fan.email, next)).status).toBe(200);
    await platform.inbox.waitFor(fan.email, /password was changed/);
  });
});

describe('download my data', () => {
  it("holds the account, purchases, subscriptions, consents and sessions of the caller only, and a purchases CSV", async () => {
    const { fan, albumPurchase, subscriptionPurchase } = await payingFan();
    const other = await f.newFan();
    const response = await fetch(`${platform.baseUrl}/api/account/export`, { headers: { authorization: `Bearer ${fan.session.access_token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="fanmint-data-\d{4}-\d{2}-\d{2}\.json"/);
    const data = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked field by field
    expect(data.format).toBe('fanmint-account-export/1');
    expect(data.account).toMatchObject({ id: fan.session.user.id, email: fan.email });
    expect(data.purchases.map((p: { id: string }) => p.id).sort()).toEqual([albumPurchase, subscriptionPurchase].sort());
    expect(data.subscriptions).toEqual([expect.objectContaining({ storeSlug: f.slug, status: 'active' })]);
    expect(Array.isArray(data.consents)).toBe(true);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.messages).toEqual([]);

    const csv = await fetch(`${platform.baseUrl}/api/account/export/purchases.csv`, { headers: { authorization: `Bearer ${fan.session.access_token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(albumPurchase);

    // Another fan's token downloads their own (empty) data, nothing of this fan's.
    const theirs = await (await fetch(`${platform.baseUrl}/api/account/export`, { headers: { authorization: `Bearer ${other.session.access_token}` } })).text();
    expect(theirs).toContain(other.session.user.id);
    expect(theirs).not.toContain(fan.session.user.id);
    expect(theirs).not.toContain(albumPurchase);
  });

  it('is rate limited per account: five downloads an hour', async () => {
    const fan = await f.newFan();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await fetch(`${platform.baseUrl}/api/account/export`, { headers: { authorization: `Bearer ${fan.session.access_token}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('delete my account', () => {
  it('ends subscriptions, erases personal data, keeps the ledger balanced and refuses sign-in afterwards', async () => {
    const { fan, albumPurchase } = await payingFan();
    const userId = fan.session.user.id;
    const token = await tokenOf(fan);
    const refreshToken = (await fan.client.getSession()).data.session!.refresh_token;
    const ledgerBefore = await f.db().execute(`select count(*)::int as entries, coalesce(sum(amount_minor), 0)::bigint as total from ledger_entries`);

    expect(await call(platform, 'GET', '/api/account/deletion', token)).toMatchObject({ status: 200, body: { canDelete: true, activeSubscriptions: 1, secondFactorRequired: false, owed: [] } });
    // A wrong password or none changes nothing.
    expect(await deleteAccount(token, { password: 'Wrong-password-1!' })).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect(await deleteAccount(token)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await f.db().execute(`select email, deleted_at from users where id = ?`, [userId])).toEqual([{ email: fan.email, deleted_at: null }]);

    const deleted = await deleteAccount(token, { password: fan.password });
    expect(deleted).toMatchObject({ status: 200, body: { deleted_at: expect.any(String) } });
    const farewell = await platform.inbox.waitFor(fan.email, /account was deleted/);
    expect(farewell.text).toContain('subscriptions have ended');
    await platform.drain();

    // Personal data erased; the row stays, anonymised, for the purchases and ledger it owns.
    const [row] = await f.db().execute<{ email: string; user_metadata: object; deleted: boolean }[]>(`select email, user_metadata, deleted_at is not null as deleted from users where id = ?`, [userId]);
    expect(row).toMatchObject({ email: `deleted-${userId}@invalid`, user_metadata: {}, deleted: true });
    expect(await f.db().execute(`select id from sessions where user_id = ?`, [userId])).toEqual([]);
    expect(await f.db().execute(`select id from refresh_tokens where user_id = ?`, [userId])).toEqual([]);
    expect(await f.db().execute(`select status, auto_renew from subscriptions where subscriber_id = ?`, [userId])).toEqual([{ status: 'cancelled', auto_renew: false }]);
    expect(await f.db().execute(`select status from purchases where id = ?`, [albumPurchase])).toEqual([{ status: 'paid' }]);

    // Ledger kept as it was, and still balancing.
    expect(await f.db().execute(`select count(*)::int as entries, coalesce(sum(amount_minor), 0)::bigint as total from ledger_entries`)).toEqual(ledgerBefore);
    await ledgerBalances();

    // Signed out everywhere, and no way back in.
    expect(await signIn(fan.email, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect(await signIn(`deleted-${userId}@invalid`, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect((await call(platform, 'GET', '/auth/v1/user', token)).status).toBe(403);
    const refreshed = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=refresh_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: refreshToken }) });
    expect(refreshed.status).toBe(400);
    // The address is free again for a new account of its own.
    expect(await f.db().execute(`select id from users where email = ?`, [fan.email])).toEqual([]);
  });

  it("tells a creator who is still owed earnings when they are paid, and deletes nothing", async () => {
    await payingFan();
    const token = f.creator.token;
    const preview = await call(platform, 'GET', '/api/account/deletion', token);
    expect(preview.body).toMatchObject({ canDelete: false, owed: [expect.objectContaining({ currency: 'USD' })] });
    const refused = await deleteAccount(token, { password: 'anything-at-all' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'earnings_pending' } });
    expect(refused.body.message).toMatch(/have not been paid out/);
    expect(await f.db().execute(`select deleted_at from users where id = ?`, [f.creator.userId])).toEqual([{ deleted_at: null }]);
    expect(await f.db().execute(`select status from stores where slug = ?`, [f.slug])).toEqual([{ status: 'active' }]);
  });

  it('with 2FA on, asks for a fresh authenticator code instead of the password', async () => {
    const fan = await f.newFan();
    const enrolled = await fan.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.totp.secret;
    const verify = async () => {
      clock.advance(31_000);
      const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000), period: 30, digits: 6, algorithm: 'sha1' });
      markTotpStepUsed(secret, clock.now());
      const challenge = await fan.client.mfa.challenge({ factorId });
      expect((await fan.client.mfa.verify({ factorId, challengeId: challenge.data!.id, code })).error).toBeNull();
    };
    await verify();
    const token = await tokenOf(fan);
    expect((await call(platform, 'GET', '/api/account/deletion', token)).body).toMatchObject({ secondFactorRequired: true });
    // The password alone does not delete an account with 2FA on, nor does a code proven long ago.
    clock.advance(11 * 60_000);
    expect(await deleteAccount(token, { password: fan.password })).toMatchObject({ status: 403, body: { code: 'reauthentication_needed' } });
    await verify();
    expect(await deleteAccount(await tokenOf(fan))).toMatchObject({ status: 200 });
    expect(await signIn(fan.email, STRONG_PASSWORD)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
  });
});
