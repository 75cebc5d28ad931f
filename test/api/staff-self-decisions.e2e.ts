import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import {
  approvedAlbum,
  callApi,
  changeRole,
  makeStaff,
  removedAlbum,
  staffSession,
  startTestPlatform,
  submittedAlbum,
  verifiedCreator,
  waitForLockWaiter,
  type StaffSession,
} from '#app/testing';
import { CARD, postForm, waitFor } from './commerce-fixtures.js';
import { MessagingFixtures, type Fan } from './messaging-fixtures.js';

/**
 * Issue 33 #3: no staff member decides about themselves. A moderator or admin who is also a creator
 * (a realistic case) is refused every decision whose subject is theirs: a case about their message,
 * store or content, the review of their content or ID, a takedown, an appeal, a refund, their own
 * role; and making an admin takes two admins. The refusal is one 403 `own_work`.
 */
let f: MessagingFixtures;
let otherModerator: StaffSession;

interface StaffCreator {
  userId: string;
  token: string;
  slug: string;
  storeId: string;
}

const api = (method: string, path: string, token: string | null, body?: unknown) => f.call(method, path, token, body);
const one = async <T>(sql: string, params: unknown[]) => (await f.db().execute<T[]>(sql, params))[0];
const photo = (seed: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: seed, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
const refused = {
  status: 403,
  body: expect.objectContaining({
    code: 'own_work',
    message: expect.stringContaining('another staff member handles it'),
  }),
};

/** A verified creator with a store, whom `setUp` lets act as a creator first, then made staff with 2FA and an aal2 session. */
async function staffCreator(
  role: 'moderator' | 'admin',
  setUp: (creator: StaffCreator) => Promise<void> = async () => {},
): Promise<StaffCreator> {
  const account = await verifiedCreator(f.platform, { moderator: otherModerator });
  const slug = `staff-${randomBytes(3).toString('hex')}`;
  const opened = await api('POST', '/api/stores', account.token, { slug, displayName: 'Staff studio' });
  expect(opened.status).toBe(201);
  const creator = { userId: account.userId, token: account.token, slug, storeId: opened.body.id as string };
  await setUp(creator);
  const staff = await makeStaff(f.platform, account, role);
  return { ...creator, token: staff.token };
}

/**
 * Tries a case as its subject's owner (claim, then resolve: refused as their own work, before any claim is asked
 * for, since they can never hold one), then shows another moderator may work it.
 */
async function expectCaseRefused(caseId: string, staff: StaffCreator, outcome = 'no_action') {
  expect((await api('GET', `/api/admin/moderation/cases/${caseId}`, staff.token)).body.claim).toEqual({
    state: 'own_work',
    expiresAt: null,
  });
  expect(
    (await api('GET', '/api/admin/moderation/cases', staff.token)).body.items.map((item: { id: string }) => item.id),
  ).not.toContain(caseId);
  expect(await api('POST', `/api/admin/moderation/cases/${caseId}/claim`, staff.token)).toMatchObject(refused);
  expect(
    await api('POST', `/api/admin/moderation/cases/${caseId}/resolve`, staff.token, {
      outcome,
      note: 'Deciding about myself',
    }),
  ).toMatchObject(refused);
  expect(await one<{ status: string }>(`select status from moderation_cases where id = ?`, [caseId])).toEqual({
    status: 'open',
  });
  expect((await api('POST', `/api/admin/moderation/cases/${caseId}/claim`, otherModerator.token)).status).toBe(200);
}

/** Pays on the sandbox acquirer's hosted page and waits for its webhook to mark the purchase paid. */
async function paidPurchase(token: string, body: Record<string, unknown>): Promise<string> {
  const created = await callApi(
    f.platform,
    'POST',
    '/api/purchases',
    token,
    { ...body, method: 'card' },
    { 'idempotency-key': `staff-${randomUUID()}` },
  );
  expect(created.status).toBe(201);
  await postForm(created.body.checkoutUrl as string, CARD);
  const id = created.body.id as string;
  await waitFor(
    async () => (await one<{ status: string }>(`select status from purchases where id = ?`, [id])).status === 'paid',
    20_000,
    'the payment webhook',
  );
  return id;
}

beforeAll(async () => {
  // The messaging suites' fixtures on a live platform with its sandbox acquirer (the refund test pays on its hosted page).
  const platform = await startTestPlatform({
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'fanmint-staff-')) },
  });
  f = new MessagingFixtures(platform, await staffSession(platform, 'moderator'), [], () =>
    platform.api.get(MikroORM).em.fork(),
  );
  otherModerator = f.moderator;
});

afterAll(async () => {
  // Nothing may be left in the shared outbox (the payments' post-sale jobs): another suite's worker would deliver it.
  await f?.platform.drain(30_000);
  await f?.platform.close();
});

describe('no staff member decides about themselves', () => {
  it('a case about a message the moderator sent (a messaging report) is refused to them', async () => {
    let fan: Fan | null = null;
    let messageId = '';
    let conversationId = '';
    const staff = await staffCreator('moderator', async (creator) => {
      fan = await f.fan();
      await f.age(fan.userId);
      conversationId = await f.open(fan, creator);
      messageId = (await f.sent(creator.token, conversationId, 'Pay me outside the site')).id;
    });
    const report = await api('POST', `/api/messages/conversations/${conversationId}/reports`, fan!.token, {
      reason: 'spam',
      details: 'This creator asks me to pay elsewhere',
      messageId,
    });
    expect(report.status).toBe(201);
    await expectCaseRefused(report.body.id, staff);
  });

  it('a case about the moderator’s own store is refused to them', async () => {
    const staff = await staffCreator('moderator');
    const fan = await f.fan();
    const report = await api('POST', '/api/moderation/reports', fan.token, {
      subjectType: 'store',
      subjectId: staff.slug,
      reason: 'copyright',
      details: 'This store sells my photos.',
    });
    expect(report.status).toBe(201);
    await expectCaseRefused(report.body.id, staff);
  });

  it('the review of their own content, a takedown of it and an appeal about it are refused to an admin', async () => {
    // Made while still a creator: one album pending review, one approved, one an admin took down.
    const admin = await staffSession(f.platform, 'admin');
    let [pending, approved, removed] = ['', '', ''];
    const staff = await staffCreator('admin', async (creator) => {
      const spec = { title: 'Staff album', priceMinor: 900 };
      pending = await submittedAlbum(f.platform, creator.token, spec);
      approved = await approvedAlbum(f.platform, creator.token, otherModerator.token, spec);
      removed = await removedAlbum(f.platform, creator.token, otherModerator.token, admin.token, spec);
    });
    expect(await api('POST', `/api/admin/content/${pending}/claim`, staff.token)).toMatchObject(refused);
    expect(await api('POST', `/api/admin/content/${pending}/approve`, staff.token)).toMatchObject(refused);

    expect(
      await api('POST', `/api/admin/content/${approved}/remove`, staff.token, { reason: 'Taking my own item down' }),
    ).toMatchObject(refused);
    expect(await api('POST', `/api/admin/content/${removed}/restore`, staff.token)).toMatchObject(refused);
    expect(await one<{ status: string }>(`select status from content_items where id = ?`, [removed])).toEqual({
      status: 'removed',
    });

    const fan = await f.fan();
    const takedown = await api('POST', '/api/moderation/takedown-requests', fan.token, {
      subjectType: 'content',
      subjectId: approved,
      reason: 'copyright',
      details: 'This album copies my photos.',
      email: fan.email,
    });
    expect(takedown.status).toBe(201);
    await expectCaseRefused(takedown.body.id, staff, 'content_removed');
    const appeal = await api('POST', '/api/moderation/appeals', fan.token, {
      subjectType: 'content',
      subjectId: removed,
      reason: 'depicted_person',
      details: 'I am in this album and want it down.',
      email: fan.email,
    });
    expect(appeal.status).toBe(201);
    await expectCaseRefused(appeal.body.id, staff, 'content_restored');
  });

  it('their own ID verification is refused to a moderator', async () => {
    const staff = await staffSession(f.platform, 'moderator');
    const form = new FormData();
    form.append('fullName', 'Morgan Moderator');
    form.append('dateOfBirth', '1990-01-02');
    form.append('country', 'IE');
    form.append('userPhotoWithId', new Blob([new Uint8Array(await photo(1))], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('idPhoto', new Blob([new Uint8Array(await photo(2))], { type: 'image/jpeg' }), 'id.jpg');
    expect(
      (
        await fetch(`${f.platform.baseUrl}/api/verify-user`, {
          method: 'POST',
          headers: { authorization: `Bearer ${staff.token}` },
          body: form,
        })
      ).status,
    ).toBe(201);
    const { id } = await one<{ id: string }>(`select id from verification_submissions where user_id = ?`, [
      staff.userId,
    ]);
    expect(await api('POST', `/api/admin/verifications/${id}/claim`, staff.token)).toMatchObject(refused);
    expect(await api('POST', `/api/admin/verifications/${id}/accept`, staff.token)).toMatchObject(refused);
    expect(await one<{ status: string }>(`select status from verification_submissions where id = ?`, [id])).toEqual({
      status: 'processing',
    });
  });

  it('an admin cannot refund a purchase they were paid for or made', async () => {
    const tips = { tips: { enabled: true, minimumTipMinor: 300 } };
    const staff = await staffCreator('admin', async (creator) => {
      expect((await api('PATCH', '/api/stores/mine', creator.token, tips)).status).toBe(200);
    });
    const other = await f.creator();
    expect((await api('PATCH', '/api/stores/mine', other.token, tips)).status).toBe(200);
    const fan = await f.fan();
    // A fan tips the admin's store; the admin tips another creator's.
    for (const id of [
      await paidPurchase(fan.token, { kind: 'tip', storeSlug: staff.slug, amountMinor: 900 }),
      await paidPurchase(staff.token, { kind: 'tip', storeSlug: other.slug, amountMinor: 900 }),
    ]) {
      expect(await api('POST', `/api/admin/purchases/${id}/refund`, staff.token)).toMatchObject(refused);
      expect(await one<{ status: string }>(`select status from purchases where id = ?`, [id])).toEqual({
        status: 'paid',
      });
    }
  });

  it('an admin cannot change their own role, and making an admin takes a second admin', async () => {
    const [admin, secondAdmin] = [await staffSession(f.platform, 'admin'), await staffSession(f.platform, 'admin')];
    expect(await api('PUT', `/api/admin/users/${admin.userId}/role`, admin.token, { role: 'moderator' })).toMatchObject(
      { status: 403, body: { code: 'own_account' } },
    );
    const candidate = await staffSession(f.platform, 'moderator');
    const role = async () =>
      (await one<{ app_role: string }>(`select app_role from users where id = ?`, [candidate.userId])).app_role;

    const requested = await api('PUT', `/api/admin/users/${candidate.userId}/role`, admin.token, { role: 'admin' });
    expect(requested).toMatchObject({
      status: 200,
      body: { role: 'moderator', pendingAdminGrant: { requestedBy: admin.userId, requestedAt: expect.any(String) } },
    });
    expect(await role()).toBe('moderator');
    // Asking again is not a second opinion.
    expect(
      (await api('PUT', `/api/admin/users/${candidate.userId}/role`, admin.token, { role: 'admin' })).body,
    ).toMatchObject({ role: 'moderator' });
    expect(await role()).toBe('moderator');
    expect((await api('GET', `/api/admin/users?q=${candidate.userId}`, secondAdmin.token)).body.items[0]).toMatchObject(
      { pendingAdminGrant: { requestedBy: admin.userId } },
    );

    const approved = await api('PUT', `/api/admin/users/${candidate.userId}/role`, secondAdmin.token, {
      role: 'admin',
    });
    expect(approved).toMatchObject({ status: 200, body: { role: 'admin', pendingAdminGrant: null } });
    expect(await role()).toBe('admin');
    const audit = await f
      .db()
      .execute<{ action: string; actor_id: string; details: Record<string, unknown> }[]>(
        `select action, actor_id, details from audit_log where target_type = 'user' and target_id = ? and action like 'user.%' and actor_id in (?, ?) order by id`,
        [candidate.userId, admin.userId, secondAdmin.userId],
      );
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ['user.admin_grant_requested', admin.userId],
      ['user.admin_grant_requested', admin.userId],
      ['user.role_changed', secondAdmin.userId],
    ]);
    expect(audit[2].details).toMatchObject({
      before: { role: 'moderator' },
      after: { role: 'admin' },
      requestedBy: admin.userId,
      approvedBy: secondAdmin.userId,
    });
  });

  it('a pending admin grant is withdrawn by any other role change', async () => {
    const [admin, secondAdmin] = [await staffSession(f.platform, 'admin'), await staffSession(f.platform, 'admin')];
    const candidate = await staffSession(f.platform, 'moderator');
    await api('PUT', `/api/admin/users/${candidate.userId}/role`, admin.token, { role: 'admin' });
    expect(
      (await api('PUT', `/api/admin/users/${candidate.userId}/role`, secondAdmin.token, { role: 'fan' })).body,
    ).toMatchObject({ role: 'fan', pendingAdminGrant: null });
    expect(
      (await api('PUT', `/api/admin/users/${candidate.userId}/role`, secondAdmin.token, { role: 'admin' })).body,
    ).toMatchObject({ role: 'fan', pendingAdminGrant: { requestedBy: secondAdmin.userId } });
  });

  it('the 2FA removal checks roles on locked rows in its own transaction: a promotion committed meanwhile refuses it', async () => {
    const moderator = await staffSession(f.platform, 'moderator');
    const target = await staffSession(f.platform, 'moderator');
    await changeRole(f.platform, target.userId, 'creator');
    // An admin's promotion of the target is under way (row locked, not yet committed) when the moderator's request arrives.
    // The role change locks, writes and commits in one short transaction no caller can pause, so this transaction plays it.
    const promotion = new pg.Client({ connectionString: f.platform.config.DATABASE_URL });
    await promotion.connect();
    try {
      await promotion.query('begin');
      await promotion.query(`update users set app_role = 'moderator' where id = $1`, [target.userId]);
      const removal = api('DELETE', `/api/admin/users/${target.userId}/mfa`, moderator.token, {
        reason: 'Verified by passport video call, ticket 4711',
      });
      await waitForLockWaiter((sql) => f.db().execute(sql));
      await promotion.query('commit');
      expect(await removal).toMatchObject({ status: 403, body: { code: 'staff_hierarchy' } });
    } finally {
      await promotion.end();
    }
    expect(
      await one<{ n: number }>(`select count(*)::int as n from mfa_factors where user_id = ? and status = 'verified'`, [
        target.userId,
      ]),
    ).toEqual({ n: 1 });
  });
});
