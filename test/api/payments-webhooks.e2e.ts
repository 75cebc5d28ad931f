import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { SubscriptionRenewals } from '#app/commerce';
import { FixedClock, staffSession, type StaffSession, type TestPlatform } from '#app/testing';
import { CARD, call, newKey, startCommercePlatform, waitFor } from './commerce-fixtures.js';

const clock = new FixedClock(new Date());
const start = clock.now();
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let admin: StaffSession;
let albumId: string;
const WEBHOOK = '/api/payments/webhooks/sandbox';
const buy = (who: string, body: Record<string, unknown>) => call(platform, 'POST', '/api/purchases', who, body, { 'idempotency-key': newKey() });
const post = (body: string, signature: string) => fetch(`${platform.baseUrl}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', 'fanmint-signature': signature }, body });
const sign = (body: string, t: number, secret = platform.config.SANDBOX_WEBHOOK_SECRET) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  admin = await staffSession(platform, 'admin', () => clock.now());
  albumId = await f.approvedItem('album', 2000, 'Studio album');
});

afterAll(async () => {
  // Nothing may be left in the shared outbox: another suite's worker would deliver it (webhooks to a closed server).
  await platform?.drain(30_000);
  await platform?.close();
});

/** A paid purchase by a new fan. */
async function paidPurchase() {
  const fan = await f.newFan();
  const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card', card: CARD });
  await f.settle(created.body.id);
  return { fan, id: created.body.id as string };
}

describe('the sandbox webhook endpoint', () => {
  it('refuses forged, old and unsigned deliveries', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', created: 1, data: { paymentId: 'pay_x', reference: albumId, amountMinor: 1, currency: 'USD', failureReason: null } });
    const now = Math.floor(clock.now().getTime() / 1000);
    for (const signature of [sign(body, now, 'not-the-secret-at-all'), sign(body, now - 301), '', 't=1,v1=zz']) {
      const response = await post(body, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_signature' });
    }
    expect((await post(body, sign(body, now))).status).toBe(200);
    expect(await f.db().execute(`select 1 from payment_events where event_id = 'evt_forged'`)).toHaveLength(1);
  });

  it('answers a signed delivery that is not a payment event with 400 invalid_event, and records nothing', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const data = { paymentId: 'pay_x', reference: albumId, amountMinor: 1, currency: 'USD', failureReason: null };
    const event = (over: Record<string, unknown>) => JSON.stringify({ id: 'evt_bad_shape', type: 'payment.succeeded', created: now, ...over });
    for (const [body, problem] of [
      ['', /not valid JSON/],
      ['null', /not a JSON object/],
      ['[1, 2]', /not a JSON object/],
      [event({ type: 'payment.pending', data }), /type/],
      [event({ data: { ...data, paymentId: undefined } }), /paymentId/],
      [event({ data: { ...data, amountMinor: '1' } }), /amountMinor/],
      [event({ data: { ...data, currency: undefined } }), /currency/],
      [event({ data: null }), /data/],
      [event({ created: 'yesterday', data }), /created/],
    ] as const) {
      const response = await post(body, sign(body, now));
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { code: string; message: string };
      expect(answer).toMatchObject({ code: 'invalid_event', message: expect.stringMatching(/^The event body is not a valid payment event: /) });
      expect(answer.message).toMatch(problem);
    }
    // A NUL anywhere in a JSON body is refused by the body parser for every route (bad-input.e2e.ts).
    const withNul = event({ id: 'evt_bad_\u0000', data });
    const nul = await post(withNul, sign(withNul, now));
    expect({ status: nul.status, code: ((await nul.json()) as { code: string }).code }).toEqual({ status: 400, code: 'bad_json' });
    expect(await f.db().execute(`select 1 from payment_events where event_id like 'evt_bad%'`)).toEqual([]);
    // Malformed JSON sent as JSON is refused by the body parser before the route (unchanged).
    expect(await (await post('{"id": "evt_bad_json", ', sign('{"id": "evt_bad_json", ', now))).json()).toMatchObject({ code: 'bad_json' });
    // Unsigned, the same bodies are still a signature problem: nothing about the body is told before the signature holds.
    for (const body of ['', 'null', event({ data: null })]) expect(await (await post(body, sign(body, now, 'not-the-secret-at-all'))).json()).toMatchObject({ code: 'invalid_signature' });
  });

  it('applies an event once, even when delivered twice at the same time', async () => {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card', card: CARD });
    // Settle straight in the provider, then deliver the same signed event ourselves, twice at once.
    const [eventId] = await f.sandbox.settleNow(created.body.id);
    const delivery = (await f.sandbox.signedDelivery(eventId))!;
    const answers = await Promise.all([post(delivery.body, delivery.signature), post(delivery.body, delivery.signature)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await Promise.all(answers.map((a) => a.json()))).map((a) => a.outcome).sort()).toEqual(['applied', 'duplicate']);
    await waitFor(async () => (await f.db().execute(`select 1 from sandbox_events where id = ? and delivered_at is not null`, [eventId])).length === 1, 10_000, 'the worker delivery');
    expect(await f.outboxRows('post-sale', created.body.id)).toHaveLength(1);
    expect(await f.purchaseStatus(created.body.id)).toBe('paid');
  });
});

describe('events that are not the purchase\'s payment', () => {
  const paymentIdOf = async (purchaseId: string) => (await f.db().execute<{ provider_payment_id: string }[]>(`select provider_payment_id from purchases where id = ?`, [purchaseId]))[0].provider_payment_id;
  let serial = 0;
  /** A correctly signed event, as the provider would send it, with the data given. */
  async function deliver(type: string, data: { paymentId: string; reference: string; amountMinor: number; currency: string }) {
    const body = JSON.stringify({ id: `evt_test_${++serial}_${Date.now()}`, type, created: Math.floor(clock.now().getTime() / 1000), data: { ...data, failureReason: null } });
    const response = await post(body, sign(body, Math.floor(clock.now().getTime() / 1000)));
    return { status: response.status, body: (await response.json()) as { outcome: string }, eventId: (JSON.parse(body) as { id: string }).id };
  }

  it('refuses a signed payment with a wrong amount, a wrong currency or another purchase\'s payment id, records it, and changes nothing', async () => {
    const fan = await f.newFan();
    const target = await buy(fan.session.access_token, { kind: 'content', contentId: albumId, method: 'card', card: CARD });
    const other = await buy((await f.newFan()).session.access_token, { kind: 'content', contentId: albumId, method: 'card', card: CARD });
    const own = { paymentId: await paymentIdOf(target.body.id), reference: target.body.id as string, amountMinor: 2000, currency: 'USD' };
    for (const [data, reason] of [
      [{ ...own, amountMinor: 1 }, 'amount differs'],
      [{ ...own, currency: 'EUR' }, 'currency differs'],
      [{ ...own, paymentId: await paymentIdOf(other.body.id) }, 'payment id differs'],
    ] as const) {
      const answer = await deliver('payment.succeeded', data);
      expect(answer).toMatchObject({ status: 200, body: { outcome: 'refused' } });
      expect(await f.db().execute(`select refused_reason from payment_events where event_id = ?`, [answer.eventId])).toEqual([{ refused_reason: reason }]);
    }
    expect(await f.purchaseStatus(target.body.id)).toBe('pending');
    expect(await f.outboxRows('post-sale', target.body.id)).toEqual([]);
    expect((await call(platform, 'GET', `/api/purchases/${target.body.id}/content`, fan.session.access_token)).body).toMatchObject({ code: 'not_purchased' });

    // The genuine event still applies; then a refund for another amount changes nothing either.
    await f.settle(target.body.id);
    expect(await f.purchaseStatus(target.body.id)).toBe('paid');
    expect(await f.outboxRows('post-sale', target.body.id)).toHaveLength(1);
    expect((await deliver('payment.refunded', { ...own, amountMinor: 1999 })).body.outcome).toBe('refused');
    expect(await f.purchaseStatus(target.body.id)).toBe('paid');
    expect(await f.outboxRows('post-reversal', target.body.id)).toEqual([]);
    await f.settle(other.body.id);
  });
});

describe('refunds and chargebacks', () => {
  it('refunds through the provider (admins only); the webhook marks it refunded and posts a reversal', async () => {
    const { fan, id } = await paidPurchase();
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, fan.session.access_token)).status).toBe(403);
    const refunded = await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token);
    expect(refunded).toMatchObject({ status: 200, body: { id, status: 'paid' } });
    await waitFor(async () => (await f.purchaseStatus(id)) === 'refunded', 10_000, 'the refund webhook');
    const [reversal] = await f.outboxRows('post-reversal', id);
    expect(reversal).toEqual({ saleId: id, kind: 'refund', eventId: expect.stringMatching(/^evt_/), occurredAt: expect.any(String) });
    expect((await call(platform, 'POST', `/api/admin/purchases/${id}/refund`, admin.token)).body).toMatchObject({ code: 'not_refundable' });
    expect((await call(platform, 'GET', `/api/purchases/${id}/content`, fan.session.access_token)).body).toMatchObject({ code: 'not_purchased' });
  });

  it('raises a sandbox chargeback from the admin route or a test hook', async () => {
    const { id } = await paidPurchase();
    expect((await call(platform, 'POST', `/api/admin/sandbox/payments/${id}/chargeback`, admin.token)).status).toBe(200);
    await waitFor(async () => (await f.purchaseStatus(id)) === 'charged_back', 10_000, 'the chargeback webhook');
    expect(await f.outboxRows('post-reversal', id)).toEqual([expect.objectContaining({ saleId: id, kind: 'chargeback' })]);
    // A refund after a chargeback does nothing.
    expect(await f.sandbox.refund(id)).toBe(false);
    expect(await f.outboxRows('post-reversal', id)).toHaveLength(1);
  });
});

describe('subscriptions', () => {
  const DAY = 86_400_000;
  const renew = () => platform.worker!.get(SubscriptionRenewals).run();
  const subscriptionOf = async (token: string) => (await call(platform, 'GET', '/api/subscriptions', token)).body.items[0];
  const renewals = (subscriptionId: string) => f.db().execute<{ id: string; status: string }[]>(`select id, status from purchases where subscription_id = ? and period_start is not null order by created_at`, [subscriptionId]);
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
    const created = await buy(fan.session.access_token, { kind: 'subscription', storeSlug: f.slug, method: 'card', card: CARD, amountMinor: 1 });
    expect(created).toMatchObject({ status: 201, body: { kind: 'subscription', amountMinor: 999, subscriptionId: null } });
    await f.settle(created.body.id);
    const subscription = await subscriptionOf(fan.session.access_token);
    return { fan, token: fan.session.access_token, purchaseId: created.body.id as string, subscription };
  }

  it('starts a month of access to every item, once per store, for the subscriber only', async () => {
    const { fan, token, purchaseId, subscription } = await subscribed();
    expect(subscription).toMatchObject({ storeSlug: f.slug, status: 'active', autoRenew: true, priceMinor: 999, currency: 'USD' });
    expect(new Date(subscription.currentPeriodEnd).getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect((await call(platform, 'GET', `/api/purchases/${purchaseId}`, token)).body.subscriptionId).toBe(subscription.id);
    expect(await f.outboxRows('post-sale', purchaseId)).toEqual([expect.objectContaining({ kind: 'subscription', grossMinor: 999, description: 'Subscription to Commerce Shop' })]);
    expect((await buy(token, { kind: 'subscription', storeSlug: f.slug, method: 'card', card: CARD })).body).toMatchObject({ code: 'already_subscribed' });
    const opened = await call(platform, 'GET', `/api/purchases/${purchaseId}/content?contentId=${albumId}`, token);
    expect(opened).toMatchObject({ status: 200, body: { id: albumId, media: [{ fileUrl: expect.any(String) }] } });
    const items = (await call(platform, 'GET', `/api/stores/${f.slug}/content`, token)).body.items;
    expect(items).toEqual([expect.objectContaining({ id: albumId, owned: true, purchaseId })]);

    const stranger = await f.newFan();
    for (const [method, body] of [['PATCH', { autoRenew: false }], ['DELETE', undefined]] as const) {
      expect((await call(platform, method, `/api/subscriptions/${subscription.id}`, stranger.session.access_token, body)).status).toBe(404);
    }
    expect((await call(platform, 'GET', '/api/subscriptions', stranger.session.access_token)).body.items).toEqual([]);
    expect((await subscriptionOf(fan.session.access_token)).status).toBe('active');
  });

  it('renews at the end of the period, once, as a new sale', async () => {
    const { token, subscription } = await subscribed();
    const charged = await atPeriodEnd(subscription.id, async () => {
      await renew();
      await renew();
      const [renewal] = await renewals(subscription.id);
      await f.settle(renewal.id);
      await renew();
    });
    expect(charged).toEqual([{ id: expect.any(String), status: 'paid' }]);
    expect(await f.outboxRows('post-sale', charged[0].id)).toEqual([expect.objectContaining({ saleId: charged[0].id, kind: 'subscription', grossMinor: 999 })]);
    const renewed = await subscriptionOf(token);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(subscription.currentPeriodEnd).getTime() + 27 * DAY);
  });

  it('stops renewing when cancelled or when automatic renewal is off', async () => {
    const cancelled = await subscribed();
    expect((await call(platform, 'DELETE', `/api/subscriptions/${cancelled.subscription.id}`, cancelled.token)).body).toMatchObject({ status: 'cancelled', autoRenew: false });
    const manual = await subscribed();
    expect((await call(platform, 'PATCH', `/api/subscriptions/${manual.subscription.id}`, manual.token, { autoRenew: false })).body).toMatchObject({ status: 'active', autoRenew: false });
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
    const [row] = await f.db().execute<{ status: string; auto_renew: boolean }[]>(`select status, auto_renew from subscriptions where id = ?`, [subscription.id]);
    expect(row).toEqual({ status: 'expired', auto_renew: false });
    expect(before.status).toBe('active');
  });

  it('goes past due when the saved card fails', async () => {
    const { token, purchaseId, subscription } = await subscribed();
    await f.sandbox.declineSavedMethod(purchaseId);
    const charged = await atPeriodEnd(subscription.id, async () => {
      await renew();
      const [renewal] = await renewals(subscription.id);
      await f.settle(renewal.id);
    });
    expect(charged).toEqual([{ id: expect.any(String), status: 'failed' }]);
    expect(await subscriptionOf(token)).toMatchObject({ status: 'past_due' });
    expect(await f.outboxRows('post-sale', charged[0].id)).toEqual([]);
  });
});
