import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  approvedContent,
  callApi,
  FixedClock,
  signedInUser,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  type TestPlatformOptions,
} from '#app/testing';

/**
 * Shared by the purchase suites: a live platform on Redis queues (own prefix) unless told otherwise,
 * with its sandbox acquirer. The cards are what a fan types on the acquirer's hosted page, never sent to us.
 */
export const CARD = { number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123', name: 'Alex Fan' };
export const DECLINED = { ...CARD, number: '4000 0000 0000 0002' };
export const NO_FUNDS = { ...CARD, number: '4000000000009995' };
export const THREE_D_SECURE = { ...CARD, number: '4000 0000 0000 3220' };
export type TestCard = typeof CARD;

/** The suites' request helper (libs/testing), under the name these suites use. */
export { type ApiResponse as Response } from '#app/testing';
export const call = callApi;

export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

export async function startCommercePlatform(
  clock: FixedClock,
  options: Pick<TestPlatformOptions, 'queueBackend' | 'env' | 'acquirerEnv' | 'logSink' | 'objectStore'> = {},
) {
  const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-commerce-'));
  const platform = await startTestPlatform({
    ...options,
    queueBackend: options.queueBackend ?? 'redis',
    clock,
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir, ...options.env },
  });
  const db = () => platform.api.get(MikroORM).em.fork();
  const acquirer = platform.acquirer!;
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
   * An approved item, on sale: its creator uploads the file and submits it (the worker processes the
   * file), the suite's moderator claims and approves it, and the worker brings the approval to
   * commerce's sellable items (drain) before anyone buys.
   */
  const approvedItem = async (
    kind: 'video' | 'album',
    priceMinor: number,
    title: string,
    owner: { token: string } = creator,
  ) => approvedContent(platform, owner.token, moderator.token, { kind, priceMinor, title, currency: 'USD' });

  const purchaseStatus = async (id: string) =>
    (await db().execute<{ status: string }[]>(`select status from purchases where id = ?`, [id]))[0]?.status;

  const purchaseRow = async (id: string) =>
    (
      await db().execute<
        {
          status: string;
          method: string;
          checkout_url: string | null;
          checkout_id: string | null;
          failure_reason: string | null;
        }[]
      >(`select status, method, checkout_url, checkout_id, failure_reason from purchases where id = ?`, [id])
    )[0];

  /**
   * The fan pays: a card on the acquirer's hosted page over HTTP (the form, and the 3-D Secure
   * challenge when the card asks for one), a crypto invoice through the acquirer's test API. Answers
   * where the hosted page sent the fan: our return page, or back to the form after a decline.
   */
  const pay = async (purchaseId: string, card: TestCard = CARD): Promise<{ location: string; declined: boolean }> => {
    const purchase = await purchaseRow(purchaseId);
    if (purchase.method === 'crypto') {
      expect200(await acquirer.request('POST', `/v1/test/crypto_invoices/${purchase.checkout_id}/pay`));
      for (let confirmation = 0; confirmation < 3; confirmation++)
        expect200(await acquirer.request('POST', `/v1/test/crypto_invoices/${purchase.checkout_id}/confirmations`));
      return { location: '', declined: false };
    }
    if (!purchase.checkout_url) throw new Error(`purchase ${purchaseId} has no hosted page (${purchase.status})`);
    let location = await postForm(purchase.checkout_url, card);
    if (location.includes('/3ds/'))
      location = await postForm(new URL(location, acquirer.url).toString(), { code: '123456' });
    return { location, declined: location.includes('declined=') };
  };

  /** Pays on the hosted page and waits for the acquirer's webhook to be applied (paid, or the decline recorded). */
  const settle = async (purchaseId: string, card: TestCard = CARD, timeoutMs = 15_000) => {
    const { declined } = await pay(purchaseId, card);
    await waitFor(
      async () => {
        const row = await purchaseRow(purchaseId);
        return declined ? row.failure_reason !== null : row.status === 'paid';
      },
      timeoutMs,
      `purchase ${purchaseId} settled by webhook`,
    );
  };

  const outboxRows = async (jobName: 'post-sale' | 'post-reversal', saleId: string) =>
    (
      await db().execute<{ payload: Record<string, unknown> }[]>(
        `select payload from outbox_message where queue = 'payouts' and job_name = ? and payload->>'saleId' = ? order by id`,
        [jobName, saleId],
      )
    ).map((row) => row.payload);

  return {
    platform,
    storageDir,
    db,
    acquirer,
    moderator,
    creator,
    slug,
    approvedItem,
    pay,
    settle,
    outboxRows,
    purchaseStatus,
    purchaseRow,
    newFan: () => signedInUser(platform),
  };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const expect200 = (answer: { status: number; text: string }) => {
  if (answer.status >= 300) throw new Error(`acquirer test API answered ${answer.status}: ${answer.text}`);
};

/** Posts a hosted page's form as a browser does (urlencoded, redirects not followed) and answers where it sends the fan. */
export async function postForm(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location)
    throw new Error(`the hosted page answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return new URL(location, url).toString();
}
