import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { PurchaseRepository, SubscriptionRenewals } from '#app/commerce';
import { FixedClock, staffSession, type StaffSession, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform, waitFor } from './commerce-fixtures.js';

const clock = new FixedClock(new Date());
const start = clock.now();
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let admin: StaffSession;
let albumId: string;
const WEBHOOK = '/api/payments/webhooks/sandbox';
const buy = (who: string, body: Record<string, unknown>) =>
  call(platform, 'POST', '/api/purchases', who, body, { 'idempotency-key': newKey() });
const post = (body: string, signature: string) =>
  fetch(`${platform.baseUrl}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'acquirer-signature': signature },
    body,
  });
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sign = (body: string, t = nowSeconds(), secret = f.acquirer.webhookSecrets[0]) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  admin = await staffSession(platform, 'admin', () => clock.now());
  albumId = await f.approvedItem('album', 2000, 'Studio album');
});

afterAll(async () => {
  // Nothing may be left in the shared outbox: another suite's worker would deliver it.
  await platform?.drain(30_000);
  await platform?.close();
});

/** A paid purchase by a new fan, through the hosted page. */
async function paidPurchase() {
  const fan = await f.newFan();
  const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
  await f.settle(created.body.id);
  return { fan, id: created.body.id as string };
}

let serial = 0;
/** A correctly signed event, as the acquirer would send it, with the data given. */
async function deliver(type: string, data: Record<string, unknown>, id = `evt_test_${++serial}_${Date.now()}`) {
  const body = JSON.stringify({ id, type, created: new Date().toISOString(), data });
  const response = await post(body, sign(body));
  return {
    status: response.status,
    body: (await response.json()) as { outcome: string; code?: string; message?: string },
    eventId: id,
  };
}

/** The acquirer's payment object as its webhooks carry it, for one of our purchases (a made-up payment unless given). */
async function paymentOf(purchaseId: string, over: Record<string, unknown> = {}) {
  const row = await f.purchaseRow(purchaseId);
  const [purchase] = await f
    .db()
    .execute<{ amount_minor: string; currency: string; provider_payment_id: string | null }[]>(
      `select amount_minor, currency, provider_payment_id from purchases where id = ?`,
      [purchaseId],
    );
  return {
    id: purchase.provider_payment_id ?? `pay_made_up_${++serial}`,
    object: 'payment',
    status: 'succeeded',
    amount: Number(purchase.amount_minor),
    currency: purchase.currency,
    reference: purchaseId,
    checkout_session: row.checkout_id,
    initiated_by: 'customer',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035 },
    payment_method: null,
    failure_message: null,
    created: new Date().toISOString(),
    ...over,
  };
}

describe('the sandbox webhook endpoint', () => {
  it('refuses forged, old and unsigned deliveries, and accepts any configured secret', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.succeeded',
      created: new Date().toISOString(),
      data: { object: 'payment', id: 'pay_x', reference: albumId, amount: 1, currency: 'USD', status: 'succeeded' },
    });
    for (const signature of [
      sign(body, nowSeconds(), 'not-the-secret-at-all'),
      sign(body, nowSeconds() - 301),
      '',
      't=1,v1=zz',
    ]) {
      const response = await post(body, signature);
      expect({ status: response.status, body: await response.json() }).toMatchObject({
        status: 400,
        body: { code: 'invalid_signature' },
      });
    }
    // Rotation: a header with an unknown secret's v1 next to ours holds.
    const t = nowSeconds();
    const rotated = `${sign(body, t, 'an-old-secret-no-longer-ours')},${sign(body, t).split(',')[1]}`;
    expect((await post(body, rotated)).status).toBe(200);
    expect(await f.db().execute(`select 1 from payment_events where event_id = 'evt_forged'`)).toHaveLength(1);
  });

  it('answers a signed delivery that is not an event with 400 invalid_event, and records nothing', async () => {
    const data = {
      object: 'payment',
      id: 'pay_x',
      reference: albumId,
      amount: 1,
      currency: 'USD',
      status: 'succeeded',
    };
    const event = (over: Record<string, unknown>) =>
      JSON.stringify({ id: 'evt_bad_shape', type: 'payment.succeeded', created: new Date().toISOString(), ...over });
    for (const [body, problem] of [
      ['', /not valid JSON/],
      ['null', /id/],
      [event({ data: { ...data, id: undefined } }), /data.id/],
      [event({ data: { ...data, amount: '1' } }), /data.amount/],
      [event({ data: { ...data, currency: undefined } }), /data.currency/],
      [event({ data: null }), /data/],
      [event({ created: 'yesterday', data }), /created/],
    ] as const) {
      const response = await post(body, sign(body));
      const answer = (await response.json()) as { code: string; message: string };
      expect({ status: response.status, code: answer.code }).toEqual({ status: 400, code: 'invalid_event' });
      expect(answer.message).toMatch(problem);
    }
    expect(await f.db().execute(`select 1 from payment_events where event_id like 'evt_bad%'`)).toEqual([]);
  });

  it('applies an event once, even when delivered twice at the same time, and the real webhooks after it change nothing', async () => {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
    const body = JSON.stringify({
      id: `evt_twice_${Date.now()}`,
      type: 'payment.succeeded',
      created: new Date().toISOString(),
      data: await paymentOf(created.body.id),
    });
    const answers = await Promise.all([post(body, sign(body)), post(body, sign(body))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(
      (await Promise.all(answers.map((a) => a.json()))).map((a) => (a as { outcome: string }).outcome).sort(),
    ).toEqual(['applied', 'duplicate']);
    expect(await f.purchaseStatus(created.body.id)).toBe('paid');
    expect(await f.outboxRows('post-sale', created.body.id)).toHaveLength(1);
  });
});

describe("events that are not the purchase's payment", () => {
  it('refuses a signed payment with a wrong amount, a wrong currency or another checkout, records it, and changes nothing', async () => {
    const fan = await f.newFan();
    const target = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
    const other = await buy((await f.newFan()).session.access_token, {
      kind: 'content',
      contentId: albumId,
      method: 'card',
    });
    for (const [over, reason] of [
      [{ amount: 1 }, 'amount differs'],
      [{ currency: 'EUR' }, 'currency differs'],
      [{ checkout_session: (await f.purchaseRow(other.body.id)).checkout_id }, 'checkout id differs'],
    ] as const) {
      const answer = await deliver('payment.succeeded', await paymentOf(target.body.id, over));
      expect(answer).toMatchObject({ status: 200, body: { outcome: 'refused' } });
      expect(
        await f.db().execute(`select refused_reason from payment_events where event_id = ?`, [answer.eventId]),
      ).toEqual([{ refused_reason: reason }]);
    }
    expect(await f.purchaseStatus(target.body.id)).toBe('requires_action');
    expect(await f.outboxRows('post-sale', target.body.id)).toEqual([]);

    // The genuine payment still applies; then a refund of another payment changes nothing either.
    await f.settle(target.body.id);
    expect(
      (
        await deliver(
          'payment.refunded',
          await paymentOf(target.body.id, { id: 'pay_someone_else', checkout_session: null, status: 'refunded' }),
        )
      ).body.outcome,
    ).toBe('refused');
    expect(await f.purchaseStatus(target.body.id)).toBe('paid');
    expect(await f.outboxRows('post-reversal', target.body.id)).toEqual([]);
  });
});

describe('events out of order', () => {
  it('books a refund that arrives before its capture as a sale and its refund, once', async () => {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
    const payment = await paymentOf(created.body.id);
    expect((await deliver('payment.refunded', { ...payment, status: 'refunded' })).body.outcome).toBe('applied');
    expect((await deliver('payment.succeeded', payment)).body.outcome).toBe('ignored');
    expect(await f.purchaseStatus(created.body.id)).toBe('refunded');
    expect(await f.outboxRows('post-sale', created.body.id)).toHaveLength(1);
    expect(await f.outboxRows('post-reversal', created.body.id)).toEqual([expect.objectContaining({ kind: 'refund' })]);
  });

  it('takes a capture after the checkout expired as a real payment, and a late failure changes nothing', async () => {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
    expect(
      (
        await f.acquirer.request(
          'POST',
          `/v1/test/checkout_sessions/${(await f.purchaseRow(created.body.id)).checkout_id}/expire`,
        )
      ).status,
    ).toBe(200);
    await waitFor(async () => (await f.purchaseStatus(created.body.id)) === 'expired', 10_000, 'the expiry webhook');
    expect(await f.outboxRows('post-sale', created.body.id)).toEqual([]);
    expect(
      (await call(platform, 'GET', `/api/purchases/${created.body.id}`, fan.session.access_token)).body,
    ).toMatchObject({ status: 'expired', checkoutUrl: null });
    const payment = await paymentOf(created.body.id);
    expect((await deliver('payment.succeeded', payment)).body.outcome).toBe('applied');
    expect(
      (
        await deliver('payment.failed', {
          ...payment,
          id: 'pay_late_decline',
          status: 'failed',
          initiated_by: 'merchant',
          failure_message: 'Declined',
        })
      ).body.outcome,
    ).toBe('ignored');
    expect(await f.purchaseStatus(created.body.id)).toBe('paid');
    expect(await f.outboxRows('post-sale', created.body.id)).toHaveLength(1);
  });
});

describe('refunds and chargebacks', () => {
  it('refunds through the provider (admins only); the webhook marks it refunded and posts a reversal', async () => {
    const { fan, id } = await paidPurchase();
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, fan.session.access_token)).status).toBe(
      403,
    );
    const refunded = await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token);
    // The acquirer's answer is applied at once; its webhook that follows is a no-op.
    expect(refunded).toMatchObject({ status: 200, body: { id, status: 'refunded' } });
    const [reversal] = await f.outboxRows('post-reversal', id);
    expect(reversal).toEqual({ saleId: id, kind: 'refund', eventId: `${id}:refund`, occurredAt: expect.any(String) });
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token)).body).toMatchObject({
      code: 'not_refundable',
    });
    expect((await call(platform, 'GET', `/api/purchases/${id}/content`, fan.session.access_token)).body).toMatchObject({
      code: 'not_purchased',
    });
  });

  it("raises a dispute at the acquirer from the admin route: charged back on dispute.created, the creator's sale follows its stage", async () => {
    const { id } = await paidPurchase();
    expect((await call(platform, 'POST', `/api/admin/sandbox/payments/${id}/chargeback`, admin.token)).status).toBe(
      200,
    );
    await waitFor(async () => (await f.purchaseStatus(id)) === 'charged_back', 10_000, 'the dispute webhook');
    expect(await f.outboxRows('post-reversal', id)).toEqual([
      expect.objectContaining({ saleId: id, kind: 'chargeback' }),
    ]);
    const saleOf = async () =>
      (await call(platform, 'GET', '/api/sales', f.creator.token)).body.items.find(
        (item: { id: string }) => item.id === id,
      );
    expect(await saleOf()).toMatchObject({ status: 'charged_back', disputeStage: 'needs_response' });
    const [dispute] = await f
      .db()
      .execute<{ id: string }[]>(
        `select id from "${f.acquirer.schema}".disputes where payment_id = (select provider_payment_id from purchases where id = ?)`,
        [id],
      );
    expect(
      (await f.acquirer.request('POST', `/v1/test/disputes/${dispute.id}/advance`, { status: 'under_review' })).status,
    ).toBe(200);
    await waitFor(async () => (await saleOf()).disputeStage === 'under_review', 10_000, 'the dispute.updated webhook');
    // A refund after a chargeback is refused, and nothing is reversed twice.
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token)).body).toMatchObject({
      code: 'not_refundable',
    });
    expect(await f.outboxRows('post-reversal', id)).toHaveLength(1);
  });
});

describe('subscriptions', () => {
  const DAY = 86_400_000;
  const renew = () => platform.worker!.get(SubscriptionRenewals).run();
  const subscriptionOf = async (token: string) =>
    (await call(platform, 'GET', '/api/subscriptions', token)).body.items[0];
  const renewals = (subscriptionId: string) =>
    f
      .db()
      .execute<{ id: string; status: string }[]>(
        `select id, status from purchases where subscription_id = ? and period_start is not null order by created_at`,
        [subscriptionId],
      );
  /** Time runs forward for the renewal, then back so the fans' access tokens are valid again. */
  async function atPeriodEnd(subscriptionId: string, act: () => Promise<void>) {
    clock.set(new Date(start.getTime() + 32 * DAY));
    try {
      await act();
    } finally {
      clock.set(start);
    }
    return renewals(subscriptionId);
  }

  async function subscribed() {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, {
      kind: 'subscription',
      storeSlug: f.slug,
      method: 'card',
      amountMinor: 1,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { kind: 'subscription', status: 'requires_action', amountMinor: 999, subscriptionId: null },
    });
    await f.settle(created.body.id);
    const subscription = await subscriptionOf(fan.session.access_token);
    return { fan, token: fan.session.access_token, purchaseId: created.body.id as string, subscription };
  }

  it('starts a month of access to every item, once per store, for the subscriber only', async () => {
    const { fan, token, purchaseId, subscription } = await subscribed();
    expect(subscription).toMatchObject({
      storeSlug: f.slug,
      status: 'active',
      autoRenew: true,
      priceMinor: 999,
      currency: 'USD',
    });
    expect(new Date(subscription.currentPeriodEnd).getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect((await call(platform, 'GET', `/api/purchases/${purchaseId}`, token)).body.subscriptionId).toBe(
      subscription.id,
    );
    expect(await f.outboxRows('post-sale', purchaseId)).toEqual([
      expect.objectContaining({ kind: 'subscription', grossMinor: 999, description: 'Subscription to Commerce Shop' }),
    ]);
    expect((await buy(token, { kind: 'subscription', storeSlug: f.slug, method: 'card' })).body).toMatchObject({
      code: 'already_subscribed',
    });
    const opened = await call(platform, 'GET', `/api/purchases/${purchaseId}/content?contentId=${albumId}`, token);
    expect(opened).toMatchObject({ status: 200, body: { id: albumId, media: [{ fileUrl: expect.any(String) }] } });
    const items = (await call(platform, 'GET', `/api/stores/${f.slug}/content`, token)).body.items;
    expect(items).toEqual([expect.objectContaining({ id: albumId, owned: true, purchaseId })]);

    const stranger = await f.newFan();
    for (const [method, body] of [
      ['PATCH', { autoRenew: false }],
      ['DELETE', undefined],
    ] as const) {
      expect(
        (await call(platform, method, `/api/subscriptions/${subscription.id}`, stranger.session.access_token, body))
          .status,
      ).toBe(404);
    }
    expect((await call(platform, 'GET', '/api/subscriptions', stranger.session.access_token)).body.items).toEqual([]);
    expect((await subscriptionOf(fan.session.access_token)).status).toBe('active');
  });

  it('renews at the end of the period, once, as a new sale charged on the saved card without the fan', async () => {
    const { token, subscription } = await subscribed();
    const charged = await atPeriodEnd(subscription.id, async () => {
      await renew();
      await renew();
    });
    expect(charged).toEqual([{ id: expect.any(String), status: 'paid' }]);
    expect(await f.outboxRows('post-sale', charged[0].id)).toEqual([
      expect.objectContaining({ saleId: charged[0].id, kind: 'subscription', grossMinor: 999 }),
    ]);
    const renewed = await subscriptionOf(token);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(
      new Date(subscription.currentPeriodEnd).getTime() + 27 * DAY,
    );
  });

  it('stops renewing when cancelled or when automatic renewal is off', async () => {
    const cancelled = await subscribed();
    expect(
      (await call(platform, 'DELETE', `/api/subscriptions/${cancelled.subscription.id}`, cancelled.token)).body,
    ).toMatchObject({ status: 'cancelled', autoRenew: false });
    const manual = await subscribed();
    expect(
      (
        await call(platform, 'PATCH', `/api/subscriptions/${manual.subscription.id}`, manual.token, {
          autoRenew: false,
        })
      ).body,
    ).toMatchObject({ status: 'active', autoRenew: false });
    expect(await atPeriodEnd(cancelled.subscription.id, async () => void (await renew()))).toEqual([]);
    expect(await renewals(manual.subscription.id)).toEqual([]);
    expect((await subscriptionOf(manual.token)).status).toBe('expired');
    expect((await subscriptionOf(cancelled.token)).status).toBe('cancelled');
  });

  it("stops renewing when the subscriber's account is deleted", async () => {
    const { fan, token, subscription } = await subscribed();
    const before = await subscriptionOf(token);
    await f.db().execute(`delete from users where id = ?`, [fan.session.user.id]);
    expect(await atPeriodEnd(subscription.id, async () => void (await renew()))).toEqual([]);
    const [row] = await f
      .db()
      .execute<{ status: string; auto_renew: boolean }[]>(`select status, auto_renew from subscriptions where id = ?`, [
        subscription.id,
      ]);
    expect(row).toEqual({ status: 'expired', auto_renew: false });
    expect(before.status).toBe('active');
  });

  it('goes past due when the saved card fails', async () => {
    const { token, purchaseId, subscription } = await subscribed();
    const [{ payment_method_ref: savedCard }] = await f
      .db()
      .execute<{ payment_method_ref: string }[]>(`select payment_method_ref from purchases where id = ?`, [purchaseId]);
    expect(
      (
        await f.acquirer.request('POST', `/v1/test/payment_methods/${savedCard}/decline`, {
          code: 'insufficient_funds',
        })
      ).status,
    ).toBe(200);
    const charged = await atPeriodEnd(subscription.id, async () => void (await renew()));
    expect(charged).toEqual([{ id: expect.any(String), status: 'failed' }]);
    expect(await subscriptionOf(token)).toMatchObject({ status: 'past_due' });
    expect(await f.outboxRows('post-sale', charged[0].id)).toEqual([]);
  });
});

describe('a purchase saved without a lock', () => {
  it('is saved only while it is at the version its writer decided on; one moved on meanwhile keeps its state', async () => {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card' });
    const purchases = platform.api.get(PurchaseRepository);
    const row = async () =>
      (await f.db().execute(`select status, dispute_stage, version from purchases where id = ?`, [created.body.id]))[0];
    // Written pending (1), then its checkout recorded by the request that wrote it (2).
    const decidedOn = (await purchases.find(created.body.id))!;
    expect(decidedOn).toMatchObject({ status: 'requires_action', version: 2 });

    await f.settle(created.body.id);
    expect(await purchases.saveIfUnchanged({ ...decidedOn, status: 'expired', checkoutUrl: null })).toBe(false);
    expect(await row()).toEqual({ status: 'paid', dispute_stage: null, version: 3 });

    const current = (await purchases.find(created.body.id))!;
    expect(await purchases.saveIfUnchanged({ ...current, disputeStage: 'needs_response' })).toBe(true);
    expect(await row()).toEqual({ status: 'paid', dispute_stage: 'needs_response', version: 4 });
  });
});
