import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import {
  ago,
  FixedClock,
  staffSession,
  timeTravel,
  verifiedCreator,
  type StaffSession,
  type TestPlatform,
} from '#app/testing';
import { CARD, call, newKey, postForm, startCommercePlatform, waitFor } from './commerce-fixtures.js';
import { ExpireCheckouts } from '#app/commerce';

/**
 * Money at the edges: a late capture of a checkout we gave up on, a dispute the creator wins, and a
 * sale whose payee has deleted their account. Real acquirer, real queues, real ledger.
 */
const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let admin: StaffSession;
const WEBHOOK = '/api/payments/webhooks/sandbox';
const buy = (who: string, body: Record<string, unknown>) =>
  call(platform, 'POST', '/api/purchases', who, body, { 'idempotency-key': newKey() });
const subscription = () => ({ kind: 'subscription', storeSlug: f.slug, method: 'card' });
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sign = (body: string, t = nowSeconds()) =>
  `t=${t},v1=${createHmac('sha256', f.acquirer.webhookSecrets[0]).update(`${t}.${body}`).digest('hex')}`;

beforeAll(async () => {
  // Chaos mode holds webhooks back this long: holdWebhooks() is a webhook outage until released.
  f = await startCommercePlatform(clock, { acquirerEnv: { ACQUIRER_CHAOS_HOLD_MS: '600000' } });
  platform = f.platform;
  admin = await staffSession(platform, 'admin', () => clock.now());
});

afterAll(async () => {
  await releaseWebhooks().catch(() => undefined);
  await platform?.drain(30_000);
  await platform?.close();
});

const holdWebhooks = () =>
  f.acquirer.request('POST', '/v1/test/webhook_chaos', { duplicates: false, out_of_order: true, rate: 1 });

async function releaseWebhooks() {
  await f.acquirer.request('POST', '/v1/test/webhook_chaos', { duplicates: false, out_of_order: false, rate: 0 });
  await f
    .db()
    .execute(`update "${f.acquirer.schema}".webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
  const pending = async () =>
    (
      await f
        .db()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from "${f.acquirer.schema}".webhook_deliveries where status = 'pending'`,
        )
    )[0].n;
  await waitFor(async () => (await pending()) === 0, 15_000, 'the held webhooks to be delivered');
}

/** A signed event as the acquirer sends it; the same `id` twice is a redelivery. */
async function deliver(type: string, data: Record<string, unknown>, id: string) {
  const body = JSON.stringify({ id, type, created: new Date().toISOString(), data });
  const response = await fetch(`${platform.baseUrl}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'acquirer-signature': sign(body) },
    body,
  });
  return { status: response.status, outcome: ((await response.json()) as { outcome: string }).outcome };
}

/** The acquirer's payment object for one of our purchases, as its webhooks carry it. */
async function paymentOf(purchaseId: string) {
  const [p] = await f
    .db()
    .execute<{ amount_minor: string; currency: string; provider_payment_id: string; checkout_id: string }[]>(
      `select amount_minor, currency, provider_payment_id, checkout_id from purchases where id = ?`,
      [purchaseId],
    );
  return {
    id: p.provider_payment_id,
    object: 'payment',
    status: 'succeeded',
    amount: Number(p.amount_minor),
    currency: p.currency,
    reference: purchaseId,
    checkout_session: p.checkout_id,
    initiated_by: 'customer',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035 },
    payment_method: null,
    failure_message: null,
    created: new Date().toISOString(),
  };
}

const refundsAtAcquirer = async (purchaseId: string) =>
  (
    await f
      .db()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from "${f.acquirer.schema}".refunds r join "${f.acquirer.schema}".payments p on p.id = r.payment_id where p.reference = ?`,
        [purchaseId],
      )
  )[0].n;

describe('a capture after its checkout expired, when a newer purchase exists', () => {
  it('of a subscription the fan has started again: answered 2xx, refunded once at the acquirer with the reason kept, the newer subscription untouched; a replay refunds nothing', async () => {
    const fan = await f.newFan();
    const token = fan.session.access_token;
    const first = await buy(token, subscription());
    let second: Awaited<ReturnType<typeof buy>>;
    await holdWebhooks();
    try {
      // Our side gives up on the first checkout once its hosted page has lapsed (the worker's expiry sweep) ...
      await timeTravel(platform, 'checkoutExpiresAt', first.body.id, ago(1000, clock.now()));
      expect(await platform.worker!.get(ExpireCheckouts).expire(first.body.id)).toBe('expired');
      // ... the fan pays it all the same, on the page still open in their browser (its webhook is late) ...
      await postForm(first.body.checkoutUrl, CARD);
      // ... and subscribes again, paying that one too.
      second = await buy(token, subscription());
      expect(second.status).toBe(201);
      await f.pay(second.body.id);
      expect((await call(platform, 'POST', `/api/purchases/${second.body.id}/refresh`, token)).body).toMatchObject({
        status: 'paid',
      });
    } finally {
      await releaseWebhooks();
    }
    const [live] = await f
      .db()
      .execute<{ id: string; current_period_end: Date }[]>(
        `select id, current_period_end from subscriptions where subscriber_id = ?`,
        [fan.session.user.id],
      );
    await waitFor(
      async () => (await f.purchaseStatus(first.body.id)) === 'refunded',
      15_000,
      'the late capture to be booked and refunded',
    );
    await waitFor(
      async () => (await refundsAtAcquirer(first.body.id)) === 1,
      15_000,
      'the duplicate payment to be refunded at the acquirer',
    );
    const view = (await call(platform, 'GET', `/api/purchases/${first.body.id}`, token)).body;
    expect(view).toMatchObject({ status: 'refunded', failureReason: expect.stringContaining('refunded in full') });
    // The redelivered capture, and another event about the same payment, refund nothing twice.
    const event = await paymentOf(first.body.id);
    const id = `evt_replay_${Date.now()}`;
    expect(await deliver('payment.succeeded', event, id)).toEqual({ status: 200, outcome: 'ignored' });
    expect(await deliver('payment.succeeded', event, id)).toEqual({ status: 200, outcome: 'duplicate' });
    await platform.drain(15_000);
    expect(await refundsAtAcquirer(first.body.id)).toBe(1);
    expect(await f.outboxRows('post-sale', first.body.id)).toHaveLength(1);
    expect(await f.outboxRows('post-reversal', first.body.id)).toMatchObject([{ kind: 'refund' }]);
    // The subscription is the second payment's, and its period was not restarted by the first.
    expect(await f.purchaseStatus(second.body.id)).toBe('paid');
    expect(
      await f
        .db()
        .execute(`select id, current_period_end from subscriptions where subscriber_id = ?`, [fan.session.user.id]),
    ).toEqual([live]);
    expect(
      (
        await f
          .db()
          .execute<{ subscription_id: string | null }[]>(`select subscription_id from purchases where id = ?`, [
            first.body.id,
          ])
      )[0].subscription_id,
    ).toBeNull();
  });
});

describe('a dispute the creator wins', () => {
  /** What a sale moved to and from one owner's accounts (a payee, or the platform's with null), net. */
  const netFor = async (saleId: string, ownerId: string | null, kind?: string) =>
    Number(
      (
        await f.db().execute<{ n: string | null }[]>(
          `select sum(e.amount_minor) as n from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
             join ledger_accounts a on a.id = e.account_id
            where t.sale_id = ? and a.owner_id is not distinct from ?::uuid and (?::text is null or a.kind = ?::text)`,
          [saleId, ownerId, kind ?? null, kind ?? null],
        )
      )[0].n ?? 0,
    );

  it("puts the sale back to paid and restores the creator's share with correcting entries, once, explained on the statement", async () => {
    const itemId = await f.approvedItem('album', 2000, 'Disputed album');
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: itemId, method: 'card' });
    const id = created.body.id as string;
    await f.settle(id);
    expect((await call(platform, 'POST', `/api/admin/sandbox/payments/${id}/chargeback`, admin.token)).status).toBe(
      200,
    );
    await waitFor(async () => (await f.purchaseStatus(id)) === 'charged_back', 10_000, 'the dispute webhook');
    await platform.drain(15_000);
    const creatorId = f.creator.userId;
    expect(await netFor(id, creatorId)).toBe(0);

    const [dispute] = await f
      .db()
      .execute<{ id: string }[]>(
        `select id from "${f.acquirer.schema}".disputes where payment_id = (select provider_payment_id from purchases where id = ?)`,
        [id],
      );
    for (const status of ['under_review', 'won'])
      expect((await f.acquirer.request('POST', `/v1/test/disputes/${dispute.id}/advance`, { status })).status).toBe(
        200,
      );
    // dispute.updated and dispute.closed both say won: the second changes nothing.
    await waitFor(
      async () => (await f.purchaseStatus(id)) === 'paid',
      10_000,
      'the won dispute to give the payment back',
    );
    await waitFor(
      async () =>
        (
          await f
            .db()
            .execute<{ n: number }[]>(
              `select count(*)::int as n from "${f.acquirer.schema}".webhook_deliveries where status = 'pending'`,
            )
        )[0].n === 0,
      15_000,
      'every dispute webhook to be delivered',
    );
    await platform.drain(15_000);

    // 75% of 2000 is the creator's again, pending under the normal hold (the chargeback restarted their clean months).
    expect(await netFor(id, creatorId)).toBe(1500);
    expect(await netFor(id, null, 'provider_clearing')).toBe(-2000);
    expect(await netFor(id, null, 'platform_revenue')).toBe(500);
    const kinds = await f
      .db()
      .execute<{ kind: string }[]>(`select kind from ledger_transactions where sale_id = ? order by id`, [id]);
    expect(kinds.map((row) => row.kind)).toEqual(['sale', 'chargeback', 'correction']);
    const lines = (await call(platform, 'GET', '/api/payouts/transactions', f.creator.token)).body.items as {
      kind: string;
      description: string;
      amountMinor: number;
      balance: string;
      holdReason: string | null;
      status: string | null;
    }[];
    expect(
      lines.find((line) => line.kind === 'correction' && line.description.includes('Disputed album')),
    ).toMatchObject({
      description: expect.stringMatching(/^Dispute won, your share restored/),
      amountMinor: 1500,
      balance: 'pending',
      holdReason: expect.any(String),
      status: 'pending',
    });
    const sale = (await call(platform, 'GET', '/api/sales', f.creator.token)).body.items.find(
      (item: { id: string }) => item.id === id,
    );
    expect(sale).toMatchObject({ status: 'paid', disputeStage: 'won' });
    // The fan's bank ruled for the sale: the fan holds the item again, and it is not refunded besides.
    expect((await call(platform, 'GET', `/api/purchases/${id}/content`, fan.session.access_token)).status).toBe(200);
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token)).body).toMatchObject({
      code: 'not_refundable',
    });
    // Restored once, whatever the provider repeats.
    expect(
      await f
        .db()
        .execute(`select 1 from outbox_message where job_name = 'post-dispute-won' and payload->>'saleId' = ?`, [id]),
    ).toHaveLength(1);
  });
});

describe('a sale whose payee has deleted their account', () => {
  it('books the share to platform suspense with the reason, never to the deleted earnings; its refund comes back off suspense; no 500', async () => {
    const creator = await verifiedCreator(platform, { moderator: f.moderator, now: () => clock.now() });
    const slug = `gone-${creator.userId.slice(0, 8)}`;
    expect(
      (await call(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Soon gone' })).status,
    ).toBe(201);
    const itemId = await f.approvedItem('album', 4000, 'Orphaned album', creator);
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: itemId, method: 'card' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // The creator, owed nothing yet, deletes their account while the fan is on the hosted page.
    expect((await call(platform, 'DELETE', '/api/account', creator.token, { password: creator.password })).status).toBe(
      200,
    );
    await f.settle(id);
    await platform.drain(15_000);

    const owned = async (ownerId: string | null, kind: string) =>
      Number(
        (
          await f.db().execute<{ n: string | null }[]>(
            `select sum(e.amount_minor) as n from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
               join ledger_accounts a on a.id = e.account_id where t.sale_id = ? and a.owner_id is not distinct from ?::uuid and a.kind = ?`,
            [id, ownerId, kind],
          )
        )[0].n ?? 0,
      );
    expect(await owned(creator.userId, 'earnings_pending')).toBe(0);
    expect(await owned(null, 'payee_suspense')).toBe(3000);
    const [sale] = await f
      .db()
      .execute<{ description: string; hold_reason: string; payee_id: string }[]>(
        `select description, hold_reason, payee_id from ledger_transactions where sale_id = ? and kind = 'sale'`,
        [id],
      );
    expect(sale).toEqual({
      description: 'Held in suspense, payee account deleted: Purchase: Orphaned album',
      hold_reason: expect.stringMatching(/^Payee account deleted/),
      payee_id: creator.userId,
    });

    // A refund of that sale comes back off suspense, not off the deleted payee.
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token)).status).toBe(200);
    await waitFor(async () => (await f.purchaseStatus(id)) === 'refunded', 10_000, 'the refund');
    await platform.drain(15_000);
    expect(await owned(null, 'payee_suspense')).toBe(0);
    expect(await owned(creator.userId, 'earnings_pending')).toBe(0);
    expect(await owned(creator.userId, 'earnings_current')).toBe(0);
  });
});
