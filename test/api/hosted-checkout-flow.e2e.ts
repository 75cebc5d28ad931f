// What the hosted-checkout browser suite used to show through pages, shown where it is decided: the
// fan's purchase history (the receipts list reads it) and the creator's sales report. A subscription
// renewed by a merchant-initiated charge to the saved card, without the fan; a card the fan's bank
// charges back after paying, whose dispute stage the creator's sale follows to the end. How the pages
// draw these answers is in BillingPaymentsPage.test.tsx and SalesPage.test.tsx; the card typed on the
// acquirer's real hosted page, in test/browser/hosted-checkout.e2e.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SubscriptionRenewals } from '#app/commerce';
import { ago, eventually, FixedClock, MINUTE_MS, timeTravel } from '#app/testing';
import { CARD, call, newKey, startCommercePlatform } from './commerce-fixtures.js';

const clock = new FixedClock(new Date());
const STEP_TIMEOUT = 30_000;
/** Approved, then disputed by the fan's bank shortly after (the test platform's acquirer waits 200 ms). */
const CHARGED_BACK = { ...CARD, number: '4000 0000 0000 0259' };

let shop: Awaited<ReturnType<typeof startCommercePlatform>>;

interface HistoryItem {
  id: string;
  status: string;
  kind: string;
}
interface Sale {
  id: string;
  kind: string;
  title: string;
  buyer: string;
  status: string;
  disputeStage: string | null;
}

const history = async (token: string) =>
  (await call(shop.platform, 'GET', '/api/purchases', token)).body.items as HistoryItem[];
const sales = async () => (await call(shop.platform, 'GET', '/api/sales', shop.creator.token)).body.items as Sale[];

async function purchase(token: string, body: Record<string, unknown>): Promise<string> {
  const created = await call(
    shop.platform,
    'POST',
    '/api/purchases',
    token,
    { method: 'card', ...body },
    { 'idempotency-key': newKey() },
  );
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The acquirer moves the dispute on a purchase's payment on (its test API); the webhook reaches us. */
async function advanceDispute(purchaseId: string, status: 'under_review' | 'won') {
  const [dispute] = await shop
    .db()
    .execute<{ id: string }[]>(
      `select id from "${shop.acquirer.schema}".disputes where payment_id = (select provider_payment_id from purchases where id = ?)`,
      [purchaseId],
    );
  expect((await shop.acquirer.request('POST', `/v1/test/disputes/${dispute.id}/advance`, { status })).status).toBe(200);
}

beforeAll(async () => {
  shop = await startCommercePlatform(clock);
}, 120_000);

afterAll(async () => {
  await shop?.platform.drain(30_000).catch(() => undefined);
  await shop?.platform.close();
});

describe('hosted checkout, after the hosted page', () => {
  it('a subscription renewed by a merchant-initiated charge to the saved card: a second paid receipt for the fan, and both payments in the creator’s sales as the same buyer’s subscription', async () => {
    const fan = await shop.newFan();
    const token = fan.session.access_token;
    const first = await purchase(token, { kind: 'subscription', storeSlug: shop.slug });
    await shop.settle(first);

    // The period ended a minute ago (by the platform's clock, which reads the real time as the acquirer's
    // does, so the renewal is dated inside the creator's sales window): the renewal job charges the saved card.
    const [subscription] = await shop
      .db()
      .execute<{ id: string }[]>(`select subscription_id as id from purchases where id = ?`, [first]);
    await timeTravel(shop.platform, 'subscriptionPeriodEnd', subscription.id, ago(MINUTE_MS, clock.now()));
    await shop.platform.worker!.get(SubscriptionRenewals).run();
    const items = await eventually(
      () => history(token),
      (found) => found.filter((item) => item.kind === 'subscription' && item.status === 'paid').length === 2,
      STEP_TIMEOUT,
    );
    expect(items).toHaveLength(2);
    const renewal = items.find((item) => item.id !== first)!;
    await shop.platform.drain();

    const report = await sales();
    const renewed = report.find((sale) => sale.id === renewal.id)!;
    expect(renewed).toMatchObject({ kind: 'subscription', status: 'paid' });
    expect(report.filter((sale) => sale.buyer === renewed.buyer)).toEqual([
      expect.objectContaining({ kind: 'subscription', status: 'paid' }),
      expect.objectContaining({ kind: 'subscription', status: 'paid' }),
    ]);
  }, 120_000);

  it('a charge-back: the creator’s sale shows it as charged back with its dispute stage, and the stage follows the dispute to won', async () => {
    const contentId = await shop.approvedItem('album', 2000, 'Disputed Album');
    const fan = await shop.newFan();
    const bought = await purchase(fan.session.access_token, { kind: 'content', contentId });
    // Paid on the hosted page, then reversed by the fan's bank moments later.
    expect((await shop.pay(bought, CHARGED_BACK)).declined).toBe(false);
    await eventually(
      () => shop.purchaseStatus(bought),
      (status) => status === 'charged_back',
      STEP_TIMEOUT,
    );
    const sale = async () => (await sales()).find((item) => item.id === bought);
    expect(await sale()).toMatchObject({
      title: 'Disputed Album',
      status: 'charged_back',
      disputeStage: 'needs_response',
    });
    await advanceDispute(bought, 'under_review');
    await eventually(sale, (item) => item?.disputeStage === 'under_review', STEP_TIMEOUT);
    await advanceDispute(bought, 'won');
    expect(await eventually(sale, (item) => item?.disputeStage === 'won', STEP_TIMEOUT)).toMatchObject({
      disputeStage: 'won',
    });
  }, 120_000);
});
