import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import sharp from 'sharp';
import bs58 from 'bs58';
import { existsSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { PrivateFiles } from '#app/platform';
import { BookSale } from '#app/payouts';
import { PurgeRetainedRecordsJob } from '#app/verification';
import {
  FixedClock,
  STRONG_PASSWORD,
  ago,
  clientIp,
  markTotpStepUsed,
  signedInUser,
  timeTravel,
  uniqueEmail,
  verifiedCreator,
  waitForLockWaiter,
  type TestPlatform,
} from '#app/testing';
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
const buy = (token: string, body: Record<string, unknown>) =>
  call(platform, 'POST', '/api/purchases', token, body, { 'idempotency-key': newKey() });
const signIn = (email: string, password: string) =>
  fetch(`${platform.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      'x-forwarded-for': clientIp(),
    },
    body: JSON.stringify({ email, password }),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { code?: string; access_token?: string },
  }));
const deleteAccount = (token: string, body: Record<string, unknown> = {}) =>
  call(platform, 'DELETE', '/api/account', token, body);

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
  expect(
    await f
      .db()
      .execute(
        `select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0 limit 1`,
      ),
  ).toEqual([]);
  expect(
    await f.db().execute(
      `select b.account_id from ledger_balances b
         left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) s on s.account_id = b.account_id
        where b.balance_minor <> coalesce(s.total, 0) limit 1`,
    ),
  ).toEqual([]);
}

describe('email change', () => {
  it('sends a link to the new address and one to the old; the change happens only when both are opened, and the old address is told', async () => {
    const fan = await f.newFan();
    const newEmail = uniqueEmail('moved');
    const asked = await fan.client.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${platform.baseUrl}/dashboard/settings` },
    );
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
    expect(opened.headers.get('location')).toMatch(/\/dashboard\/settings#message=Confirmation\+link\+accepted/);
    // The link works once, and one address is not enough.
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired');
    expect((await signIn(fan.email, fan.password)).status).toBe(200);

    const fromOld = await fetch(
      notice.links.find((href) => href.includes('/auth/v1/verify'))!,
      { redirect: 'manual' },
    );
    expect(fromOld.headers.get('location')).toMatch(/\/dashboard\/settings#access_token=.+type=email_change/);
    expect((await platform.inbox.waitFor(fan.email, /email address was changed/)).text).toContain(newEmail);

    expect(await signIn(fan.email, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect((await signIn(newEmail, fan.password)).status).toBe(200);
  });

  it('refuses an address another account uses, and a malformed one, changing nothing', async () => {
    const fan = await f.newFan();
    const other = await f.newFan();
    const taken = await call(platform, 'PUT', '/auth/v1/user', fan.session.access_token, {
      email: other.email.toUpperCase(),
    });
    expect(taken).toMatchObject({ status: 422, body: { code: 'email_exists' } });
    expect(
      (await call(platform, 'PUT', '/auth/v1/user', fan.session.access_token, { email: 'not-an-address' })).status,
    ).toBe(400);
    expect(await f.db().execute(`select email_change from users where id = ?`, [fan.session.user.id])).toEqual([
      { email_change: null },
    ]);
  });
});

describe('password change', () => {
  it('makes the old password fail and the new one work', async () => {
    const fan = await f.newFan();
    const next = 'Another-Strong-9!';
    expect((await fan.client.updateUser({ password: next, current_password: fan.password })).error).toBeNull();
    expect(await signIn(fan.email, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect((await signIn(fan.email, next)).status).toBe(200);
    await platform.inbox.waitFor(fan.email, /password was changed/);
  });
});

describe('download my data', () => {
  it('holds the account, purchases, subscriptions, consents and sessions of the caller only, and a purchases CSV', async () => {
    const { fan, albumPurchase, subscriptionPurchase } = await payingFan();
    const other = await f.newFan();
    const response = await fetch(`${platform.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${fan.session.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="fanmint-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked field by field
    expect(data.format).toBe('fanmint-account-export/1');
    expect(data.account).toMatchObject({ id: fan.session.user.id, email: fan.email });
    expect(data.purchases.map((p: { id: string }) => p.id).sort()).toEqual(
      [albumPurchase, subscriptionPurchase].sort(),
    );
    expect(data.subscriptions).toEqual([expect.objectContaining({ storeSlug: f.slug, status: 'active' })]);
    expect(Array.isArray(data.consents)).toBe(true);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.messages).toEqual([]);

    const csv = await fetch(`${platform.baseUrl}/api/account/export/purchases.csv`, {
      headers: { authorization: `Bearer ${fan.session.access_token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(albumPurchase);

    // Another fan's token downloads their own (empty) data, nothing of this fan's.
    const theirs = await (
      await fetch(`${platform.baseUrl}/api/account/export`, {
        headers: { authorization: `Bearer ${other.session.access_token}` },
      })
    ).text();
    expect(theirs).toContain(other.session.user.id);
    expect(theirs).not.toContain(fan.session.user.id);
    expect(theirs).not.toContain(albumPurchase);
  });

  it('is rate limited per account: five downloads an hour', async () => {
    const fan = await f.newFan();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push(
        (
          await fetch(`${platform.baseUrl}/api/account/export`, {
            headers: { authorization: `Bearer ${fan.session.access_token}` },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('delete my account', () => {
  it('ends subscriptions, erases personal data, keeps the ledger balanced and refuses sign-in afterwards', async () => {
    const { fan, albumPurchase } = await payingFan();
    const userId = fan.session.user.id;
    const token = await tokenOf(fan);
    const refreshToken = (await fan.client.getSession()).data.session!.refresh_token;
    const ledgerBefore = await f
      .db()
      .execute(`select count(*)::int as entries, coalesce(sum(amount_minor), 0)::bigint as total from ledger_entries`);

    expect(await call(platform, 'GET', '/api/account/deletion', token)).toMatchObject({
      status: 200,
      body: { canDelete: true, activeSubscriptions: 1, secondFactorRequired: false, owed: [] },
    });
    // A wrong password or none changes nothing.
    expect(await deleteAccount(token, { password: 'Wrong-password-1!' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_credentials' },
    });
    expect(await deleteAccount(token)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await f.db().execute(`select email, deleted_at from users where id = ?`, [userId])).toEqual([
      { email: fan.email, deleted_at: null },
    ]);

    const deleted = await deleteAccount(token, { password: fan.password });
    expect(deleted).toMatchObject({ status: 200, body: { deleted_at: expect.any(String) } });
    const farewell = await platform.inbox.waitFor(fan.email, /account was deleted/);
    expect(farewell.text).toContain('subscriptions have ended');
    await platform.drain();

    // Personal data erased; the row stays, anonymised, for the purchases and ledger it owns.
    const [row] = await f
      .db()
      .execute<{ email: string; user_metadata: object; deleted: boolean }[]>(
        `select email, user_metadata, deleted_at is not null as deleted from users where id = ?`,
        [userId],
      );
    expect(row).toMatchObject({ email: `deleted-${userId}@invalid`, user_metadata: {}, deleted: true });
    expect(await f.db().execute(`select id from sessions where user_id = ?`, [userId])).toEqual([]);
    expect(await f.db().execute(`select id from refresh_tokens where user_id = ?`, [userId])).toEqual([]);
    expect(
      await f.db().execute(`select status, auto_renew from subscriptions where subscriber_id = ?`, [userId]),
    ).toEqual([{ status: 'cancelled', auto_renew: false }]);
    expect(await f.db().execute(`select status from purchases where id = ?`, [albumPurchase])).toEqual([
      { status: 'paid' },
    ]);

    // Ledger kept as it was, and still balancing.
    expect(
      await f
        .db()
        .execute(
          `select count(*)::int as entries, coalesce(sum(amount_minor), 0)::bigint as total from ledger_entries`,
        ),
    ).toEqual(ledgerBefore);
    await ledgerBalances();

    // Signed out everywhere, and no way back in.
    expect(await signIn(fan.email, fan.password)).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect(await signIn(`deleted-${userId}@invalid`, fan.password)).toMatchObject({
      status: 400,
      body: { code: 'invalid_credentials' },
    });
    expect((await call(platform, 'GET', '/auth/v1/user', token)).status).toBe(403);
    const refreshed = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(refreshed.status).toBe(400);
    // The address is free again for a new account of its own.
    expect(await f.db().execute(`select id from users where email = ?`, [fan.email])).toEqual([]);
  });

  it('tells a creator who is still owed earnings when they are paid, and deletes nothing', async () => {
    await payingFan();
    const token = f.creator.token;
    const preview = await call(platform, 'GET', '/api/account/deletion', token);
    expect(preview.body).toMatchObject({ canDelete: false, owed: [expect.objectContaining({ currency: 'USD' })] });
    const refused = await deleteAccount(token, { password: f.creator.password });
    expect(refused).toMatchObject({ status: 409, body: { code: 'earnings_pending' } });
    expect(refused.body.message).toMatch(/have not been paid out/);
    expect(await f.db().execute(`select deleted_at from users where id = ?`, [f.creator.userId])).toEqual([
      { deleted_at: null },
    ]);
    expect(await f.db().execute(`select status from stores where slug = ?`, [f.slug])).toEqual([{ status: 'active' }]);
  });

  it('with 2FA on, asks for a fresh authenticator code instead of the password', async () => {
    const fan = await f.newFan();
    const enrolled = await fan.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.totp.secret;
    const verify = async () => {
      clock.advance(31_000);
      const code = await generate({
        secret,
        epoch: Math.floor(clock.now().getTime() / 1000),
        period: 30,
        digits: 6,
        algorithm: 'sha1',
      });
      markTotpStepUsed(secret, clock.now());
      const challenge = await fan.client.mfa.challenge({ factorId });
      expect((await fan.client.mfa.verify({ factorId, challengeId: challenge.data!.id, code })).error).toBeNull();
    };
    await verify();
    const token = await tokenOf(fan);
    expect((await call(platform, 'GET', '/api/account/deletion', token)).body).toMatchObject({
      secondFactorRequired: true,
    });
    // The password alone does not delete an account with 2FA on, nor does a code proven long ago.
    clock.advance(11 * 60_000);
    expect(await deleteAccount(token, { password: fan.password })).toMatchObject({
      status: 403,
      body: { code: 'reauthentication_needed' },
    });
    await verify();
    expect(await deleteAccount(await tokenOf(fan))).toMatchObject({ status: 200 });
    expect(await signIn(fan.email, STRONG_PASSWORD)).toMatchObject({
      status: 400,
      body: { code: 'invalid_credentials' },
    });
  });
});

/** A photo-like test image (noise, so the WebP is not trivially small), with EXIF that must not survive. */
const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner-tag', Artist: 'Jane Doe' } } })
    [format]()
    .toBuffer();
const uploadAvatar = (token: string, bytes: Buffer, field = 'image') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), 'me.jpg');
  return fetch(`${platform.baseUrl}/api/account/avatar`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { avatarUrl?: string | null; code?: string; message?: string },
  }));
};
const avatarRows = (userId: string) =>
  f
    .db()
    .execute<{ file_key: string; version: string }[]>(
      `select file_key, version from account_avatars where user_id = ?`,
      [userId],
    );
const storedPath = (key: string) => platform.api.get(PrivateFiles).pathOf(key);

describe('profile picture', () => {
  it('keeps a re-encoded square WebP of at most 512 px without metadata, encrypted, served publicly with a short cache', async () => {
    const fan = await f.newFan();
    const userId = fan.session.user.id;
    expect(await call(platform, 'GET', '/api/account/avatar', fan.session.access_token)).toMatchObject({
      status: 200,
      body: { avatarUrl: null },
    });

    const uploaded = await uploadAvatar(fan.session.access_token, await photo(1200, 800));
    expect(uploaded).toMatchObject({
      status: 200,
      body: { avatarUrl: expect.stringMatching(new RegExp(`^/api/avatars/${userId}\\?v=[0-9a-f]{12}$`)) },
    });
    expect(await call(platform, 'GET', '/api/account/avatar', fan.session.access_token)).toMatchObject({
      body: { avatarUrl: uploaded.body.avatarUrl },
    });

    // Anyone loads it, signed in or not: the re-encoded copy only.
    const served = await fetch(`${platform.baseUrl}${uploaded.body.avatarUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=300');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-owner-tag'))).toBe(false);

    // On disk: encrypted, not the WebP (nor the upload).
    const [row] = await avatarRows(userId);
    const onDisk = await import('node:fs/promises').then((fs) => fs.readFile(storedPath(row.file_key)));
    expect(onDisk.subarray(0, 6).toString()).toBe('FMENC1');
    expect(onDisk.includes(bytes.subarray(0, 64))).toBe(false);

    // A new picture is a new link, and the old file is gone.
    const replaced = await uploadAvatar(fan.session.access_token, await photo(300, 300, 'png'));
    expect(replaced.status).toBe(200);
    expect(replaced.body.avatarUrl).not.toBe(uploaded.body.avatarUrl);
    expect(existsSync(storedPath(row.file_key))).toBe(false);
    expect(
      await sharp(
        Buffer.from(await (await fetch(`${platform.baseUrl}${replaced.body.avatarUrl}`)).arrayBuffer()),
      ).metadata(),
    ).toMatchObject({ width: 300, height: 300 });

    // Removing it deletes the file; the link answers 404.
    const [current] = await avatarRows(userId);
    expect(await call(platform, 'DELETE', '/api/account/avatar', fan.session.access_token)).toMatchObject({
      status: 200,
      body: { avatarUrl: null },
    });
    expect(existsSync(storedPath(current.file_key))).toBe(false);
    expect((await fetch(`${platform.baseUrl}/api/avatars/${userId}`)).status).toBe(404);
    expect((await fetch(`${platform.baseUrl}/api/avatars/not-a-uuid`)).status).toBe(404);
  });

  it('refuses what is not a whole image of a fitting size with a clear 4xx, storing nothing', async () => {
    const fan = await f.newFan();
    const token = fan.session.access_token;
    const jpeg = await photo(200, 200);
    const cases: [Buffer, number, string][] = [
      [Buffer.from('<?php echo "hi"; ?>'), 415, 'unsupported_image'],
      [Buffer.from('GIF89a' + 'x'.repeat(100)), 415, 'unsupported_image'],
      [jpeg.subarray(0, jpeg.length - 200), 422, 'invalid_image'],
      [Buffer.concat([jpeg, Buffer.from('PK\u0003\u0004 trailing archive')]), 422, 'invalid_image'],
      [await photo(40, 40), 422, 'image_too_small'],
      [Buffer.alloc(0), 422, 'invalid_image'],
      [Buffer.concat([jpeg, randomBytes(5 * 1024 * 1024)]), 413, 'file_too_large'],
    ];
    for (const [bytes, status, code] of cases)
      expect(await uploadAvatar(token, bytes)).toMatchObject({ status, body: { code } });
    expect((await uploadAvatar(token, jpeg, 'picture')).status).toBe(400);
    expect(await call(platform, 'PUT', '/api/account/avatar', token, { image: jpeg.toString('base64') })).toMatchObject(
      { status: 415 },
    );
    expect(
      (await fetch(`${platform.baseUrl}/api/account/avatar`, { method: 'PUT', body: new FormData() })).status,
    ).toBe(401);
    expect(await avatarRows(fan.session.user.id)).toEqual([]);
  });
});

describe('deletion erases what is personal in every module', () => {
  /** A verification image as the platform stores it, to check it is deleted (or kept) with its record. */
  const submissionKeys = async (userId: string) =>
    f
      .db()
      .execute<{ user_photo_key: string; id_photo_key: string; status: string; retained_until: Date | null }[]>(
        `select user_photo_key, id_photo_key, status, retained_until from verification_submissions where user_id = ?`,
        [userId],
      );

  it('removes 2FA factors, the wallet and Telegram name, ID checks and their files, consent IPs and the picture', async () => {
    const creator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    const userId = creator.userId;
    const token = creator.token;
    expect(
      (await call(platform, 'PUT', '/api/rewards/wallet', token, { walletAddress: bs58.encode(randomBytes(32)) }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(platform, 'PUT', '/api/rewards/telegram', token, {
          telegramUsername: `gone_${randomBytes(4).toString('hex')}`,
        })
      ).status,
    ).toBe(200);
    // An authenticator being set up (not yet verified, so the password still proves the deletion).
    expect((await creator.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toBeNull();
    // The policies accepted again from a browser: the address and agent the server saw and the client's own.
    expect(
      (
        await call(
          platform,
          'POST',
          '/functions/v1/record-user-consent',
          token,
          {
            consentData: {
              consentTypes: ['terms_of_service'],
              consentVersions: ['1.0.0'],
              ipAddress: '198.51.100.2',
              userAgent: 'Mozilla/5.0 Client',
            },
          },
          { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 Test' },
        )
      ).status,
    ).toBe(200);
    expect((await uploadAvatar(token, await photo(600, 600))).status).toBe(200);
    const [avatar] = await avatarRows(userId);
    const [submission] = await submissionKeys(userId);
    expect(submission.status).toBe('accepted');

    expect(await deleteAccount(token, { password: creator.password })).toMatchObject({ status: 200 });

    expect(await f.db().execute(`select id from mfa_factors where user_id = ?`, [userId])).toEqual([]);
    expect(
      await f
        .db()
        .execute(`select wallet_address, wallet_added_at, telegram_username from user_rewards where user_id = ?`, [
          userId,
        ]),
    ).toEqual([{ wallet_address: null, wallet_added_at: null, telegram_username: null }]);
    const consents = await f
      .db()
      .execute<Record<string, unknown>[]>(
        `select ip_address, user_agent, client_ip_address, client_user_agent, consent_type from consent_records where user_id = ?`,
        [userId],
      );
    expect(consents.length).toBeGreaterThan(0);
    for (const consent of consents)
      expect(consent).toMatchObject({
        ip_address: null,
        user_agent: null,
        client_ip_address: null,
        client_user_agent: null,
      });
    // A verified creator who never published: nothing to keep, the check and its images go.
    expect(await submissionKeys(userId)).toEqual([]);
    expect(existsSync(storedPath(submission.user_photo_key))).toBe(false);
    expect(existsSync(storedPath(submission.id_photo_key))).toBe(false);
    expect(await avatarRows(userId)).toEqual([]);
    expect(existsSync(storedPath(avatar.file_key))).toBe(false);
    expect((await fetch(`${platform.baseUrl}/api/avatars/${userId}`)).status).toBe(404);
  });

  it("keeps a publishing creator's accepted ID check, encrypted, for seven years (record-keeping duty), then purges it with its files", async () => {
    const creator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    await f.approvedItem('video', 900, 'Published then deleted', creator);
    const [submission] = await submissionKeys(creator.userId);

    expect(await deleteAccount(creator.token, { password: creator.password })).toMatchObject({ status: 200 });

    const [kept] = await submissionKeys(creator.userId);
    expect(kept.status).toBe('accepted');
    const years = (new Date(kept.retained_until!).getTime() - clock.now().getTime()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(6.99);
    expect(years).toBeLessThan(7.01);
    const stored = await import('node:fs/promises').then((fs) => fs.readFile(storedPath(submission.id_photo_key)));
    expect(stored.subarray(0, 6).toString()).toBe('FMENC1');

    // Kept until its retention ends, then purged by the daily job: row and both image files.
    const purge = platform.worker!.get(PurgeRetainedRecordsJob);
    expect(await purge.handle()).toMatchObject({ purged: 0 });
    await timeTravel(platform, 'verificationRetainedUntil', creator.userId, ago(1000, clock.now()));
    expect((await purge.handle()).purged).toBeGreaterThanOrEqual(1);
    expect(await submissionKeys(creator.userId)).toEqual([]);
    for (const key of [submission.id_photo_key, submission.user_photo_key])
      await expect(import('node:fs/promises').then((fs) => fs.stat(storedPath(key)))).rejects.toMatchObject({
        code: 'ENOENT',
      });
  });
});

describe('deletion and earnings booked in the meantime', () => {
  const sale = (creatorId: string) => ({
    saleId: randomUUID(),
    creatorId,
    referrerId: null,
    grossMinor: 1000,
    currency: 'USD',
    rail: 'fiat' as const,
    kind: 'content' as const,
    description: 'Race album',
    occurredAt: clock.now().toISOString(),
  });

  it('refuses when a sale was booked after the preview said the account could go', async () => {
    const payee = await f.newFan();
    const token = payee.session.access_token;
    expect(await call(platform, 'GET', '/api/account/deletion', token)).toMatchObject({
      body: { canDelete: true, owed: [] },
    });
    await platform.api.get(BookSale).book(sale(payee.session.user.id));
    expect(await deleteAccount(token, { password: payee.password })).toMatchObject({
      status: 409,
      body: { code: 'earnings_pending' },
    });
    expect(await f.db().execute(`select deleted_at from users where id = ?`, [payee.session.user.id])).toEqual([
      { deleted_at: null },
    ]);
  });

  it('waits for a sale being booked at that very moment and sees it (the check is made where the erasure commits)', async () => {
    const payee = await f.newFan();
    const payeeId = payee.session.user.id;
    let deletion: Promise<{ status: number; body: { code?: string } }> | undefined;
    await f.db().transactional(async (em) => {
      // The booking holds the payee's lock while the deletion starts; it commits only after the deletion has read nothing yet.
      await em.execute(`select pg_advisory_xact_lock(hashtextextended('payouts.payee:' || ?, 0))`, [payeeId]);
      deletion = deleteAccount(payee.session.access_token, { password: payee.password });
      await waitForLockWaiter((sql) => f.db().execute(sql));
      expect(await f.db().execute(`select deleted_at from users where id = ?`, [payeeId])).toEqual([
        { deleted_at: null },
      ]);
      await platform.api.get(BookSale).bookIn(em, sale(payeeId));
    });
    expect(await deletion).toMatchObject({ status: 409, body: { code: 'earnings_pending' } });
    expect(await f.db().execute(`select deleted_at from users where id = ?`, [payeeId])).toEqual([
      { deleted_at: null },
    ]);
    await ledgerBalances();
  });
});

describe('password change from General Settings', () => {
  it('checks the current password when it is sent, under the sign-in lockout', async () => {
    const fan = await f.newFan();
    const next = 'Settings-Strong-7!';
    const wrong = await call(platform, 'PUT', '/auth/v1/user', fan.session.access_token, {
      password: next,
      current_password: 'Not-my-password-1!',
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'current_password_mismatch' } });
    expect((await signIn(fan.email, fan.password)).status).toBe(200);
    expect((await fan.client.updateUser({ password: next, current_password: fan.password })).error).toBeNull();
    expect((await signIn(fan.email, next)).status).toBe(200);
  });
});
