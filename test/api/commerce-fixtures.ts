import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxPaymentProvider } from '#app/commerce';
import { callApi, FixedClock, signedInUser, staffSession, startTestPlatform, verifiedCreator } from '#app/testing';

/** Shared by the purchase suites: a live platform on Redis queues (own prefix) unless told otherwise, payments settled by hand. */
export const CARD = { number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123', name: 'Alex Fan' };
export const DECLINED = { ...CARD, number: '4000 0000 0000 0002' };
export const NO_FUNDS = { ...CARD, number: '4000000000009995' };

/** The suites' request helper (libs/testing), under the name these suites use. */
export { type ApiResponse as Response } from '#app/testing';
export const call = callApi;

export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

export async function startCommercePlatform(clock: FixedClock, options: { queueBackend?: 'postgres' | 'redis' } = {}) {
  const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-commerce-'));
  const platform = await startTestPlatform({
    queueBackend: options.queueBackend ?? 'redis',
    clock,
    env: { LAUNCH_PHASE: 'live', SANDBOX_CONFIRM_DELAY_MS: '0', STORAGE_DIR: storageDir },
  });
  const db = () => platform.api.get(MikroORM).em.fork();
  const sandbox = platform.api.get(SandboxPaymentProvider);
  const moderator = await staffSession(platform, 'moderator', () => clock.now());
  const creator = await verifiedCreator(platform, { moderator, now: () => clock.now() });
  const slug = `shop-${randomBytes(3).toString('hex')}`;
  const opened = await call(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Commerce Shop' });
  if (opened.status !== 201) throw new Error(`open store: ${opened.status} ${opened.text}`);
  const patched = await call(platform, 'PATCH', '/api/stores/mine', creator.token, {
    access: { subscriptionEnabled: true, subscriptionPriceMinor: 999 },
    tips: { enabled: true, minimumTipMinor: 300 },
    referrals: { enabled: true },
  });
  if (patched.status !== 200) throw new Error(`store settings: ${patched.status} ${patched.text}`);

  /**
   * An approved item with one processed file, on sale: submitted items and their file are inserted
   * directly (the upload pipeline has its own suite), a moderator approves through the api, and the
   * worker brings the approval to commerce's sellable items (drain) before anyone buys.
   */
  const approvedItem = async (kind: 'video' | 'album', priceMinor: number, title: string, creatorId = creator.userId) => {
    const id = randomUUID();
    const now = clock.now();
    await db().execute(
      `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, submitted_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'USD', 'pending_review', ?, ?, ?)`,
      [id, creatorId, kind, title, priceMinor, now, now, now],
    );
    await db().execute(
      `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
       values (?, ?, ?, ?, ?, 'original.bin', 1000, 'ready', 'thumb.jpg', 'clean.bin', 0, ?)`,
      [randomUUID(), id, `upload-${randomBytes(8).toString('hex')}`, kind === 'video' ? 'video' : 'image', kind === 'video' ? 'mp4' : 'jpeg', now],
    );
    for (const step of ['claim', 'approve']) {
      const answer = await call(platform, 'POST', `/api/admin/content/${id}/${step}`, moderator.token);
      if (answer.status !== 200) throw new Error(`${step} ${title}: ${answer.status} ${answer.text}`);
    }
    await platform.drain();
    return id;
  };

  const purchaseStatus = async (id: string) => (await db().execute<{ status: string }[]>(`select status from purchases where id = ?`, [id]))[0]?.status;

  /** The sandbox confirms now; the worker delivers the signed webhook over HTTP; wait until it is applied. */
  const settle = async (purchaseId: string, timeoutMs = 15_000) => {
    await sandbox.settleNow(purchaseId);
    await waitFor(async () => (await purchaseStatus(purchaseId)) !== 'pending', timeoutMs, `purchase ${purchaseId} settled`);
  };

  const outboxRows = async (jobName: 'post-sale' | 'post-reversal', saleId: string) =>
    (await db().execute<{ payload: Record<string, unknown> }[]>(`select payload from outbox_message where queue = 'payouts' and job_name = ? and payload->>'saleId' = ? order by id`, [jobName, saleId])).map(
      (row) => row.payload,
    );

  return { platform, storageDir, db, sandbox, moderator, creator, slug, approvedItem, settle, outboxRows, purchaseStatus, newFan: () => signedInUser(platform) };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
