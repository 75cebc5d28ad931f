import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createAcquirer, loadAcquirerConfig, type Acquirer } from '#app/sandbox-acquirer';
import { eventually, startSandboxAcquirer, testDatabaseUrl, waitFor, type SandboxAcquirer } from '#app/testing';
import { card, key, postForm, sessionBody, WebhookReceiver } from './support.js';

const dataId = (item: { event: { data: unknown } }) => (item.event.data as { id: string }).id;

/** Reads the acquirers' schemas, to see when they have nothing left to send. */
const db = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });

/**
 * Waits until an acquirer has no delivery left pending in `schema` (each is delivered or given up, after its
 * request reached the receiver): then the receiver has everything it will ever get.
 */
const nothingPending = (schema: string) =>
  waitFor(
    async () =>
      (await db.query(`select 1 from "${schema}".webhook_deliveries where status = 'pending' limit 1`)).rowCount === 0,
    {
      timeoutMs: 10_000,
      what: `no webhook delivery pending in ${schema}`,
    },
  );

describe('sandbox acquirer: webhooks and disputes', () => {
  let acq: SandboxAcquirer;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    acq = await startSandboxAcquirer({ webhookUrl: receiver.url });
  });
  afterAll(async () => {
    await acq?.close();
    await receiver.stop();
    await db.end();
  });
  beforeEach(async () => {
    receiver.failNext(0);
    await acq.request('POST', '/v1/test/webhook_chaos', { duplicates: false, out_of_order: false });
  });

  const paidPayment = async (number = '4242424242424242') => {
    const session = (await acq.request('POST', '/v1/checkout_sessions', sessionBody(), { 'idempotency-key': key() }))
      .body;
    const answer = await postForm(session.url, card(number));
    expect(answer.location).toContain('session_id=');
    return (await acq.request('GET', `/v1/checkout_sessions/${session.id}`)).body.payment;
  };

  it('moves a dispute through its stages and reports each one', async () => {
    const payment = await paidPayment();
    const opened = await acq.request('POST', `/v1/test/payments/${payment.id}/dispute`, {
      reason: 'product_not_received',
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      object: 'dispute',
      status: 'needs_response',
      reason: 'product_not_received',
      payment: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      reference: payment.reference,
    });
    const dispute = opened.body.id;
    expect((await acq.request('POST', `/v1/test/payments/${payment.id}/dispute`, {})).status).toBe(409);
    expect((await acq.request('POST', `/v1/test/disputes/${dispute}/advance`, { status: 'won' })).status).toBe(409);
    expect(
      (await acq.request('POST', `/v1/test/disputes/${dispute}/advance`, { status: 'under_review' })).body.status,
    ).toBe('under_review');
    expect((await acq.request('POST', `/v1/test/disputes/${dispute}/advance`, { status: 'won' })).body.status).toBe(
      'won',
    );
    expect((await acq.request('POST', `/v1/test/disputes/${dispute}/advance`, { status: 'lost' })).status).toBe(409);
    expect((await acq.request('GET', `/v1/disputes/${dispute}`)).body.status).toBe('won');
    expect((await acq.request('GET', `/v1/payments/${payment.id}`)).body.dispute).toBe(dispute);
    expect((await acq.request('POST', `/v1/payments/${payment.id}/refunds`)).status).toBe(409);

    await receiver.waitFor('dispute.closed', (event) => (event.data as { id: string }).id === dispute);
    const stages = receiver
      .accepted()
      .filter((item) => dataId(item) === dispute)
      .map((item) => `${item.event.type}:${(item.event.data as { status: string }).status}`);
    expect(stages).toEqual([
      'dispute.created:needs_response',
      'dispute.updated:under_review',
      'dispute.updated:won',
      'dispute.closed:won',
    ]);
  });

  it('opens a dispute by itself shortly after a payment with the charge-back card', async () => {
    const payment = await paidPayment('4000 0000 0000 0259');
    expect(payment.status).toBe('succeeded');
    const created = await receiver.waitFor(
      'dispute.created',
      (event) => (event.data as { payment: string }).payment === payment.id,
    );
    expect(created.event.data).toMatchObject({
      status: 'needs_response',
      reason: 'fraudulent',
      amount: payment.amount,
      reference: payment.reference,
    });
  });

  it('retries a refused delivery with growing delays until the receiver accepts it', async () => {
    receiver.failNext(3, 500, 'payment.succeeded');
    const payment = await paidPayment();
    const accepted = await receiver.waitFor(
      'payment.succeeded',
      (event) => (event.data as { id: string }).id === payment.id,
    );
    const attempts = receiver.received.filter((item) => item.event.id === accepted.event.id);
    expect(attempts.map((item) => item.status)).toEqual([500, 500, 500, 200]);
    // base 50 ms, doubled each time, jittered to between half and all of it: >= 25, 50, 100 ms apart
    const gaps = attempts.slice(1).map((item, i) => item.at - attempts[i].at);
    expect(gaps[0]).toBeGreaterThanOrEqual(20);
    expect(gaps[1]).toBeGreaterThanOrEqual(45);
    expect(gaps[2]).toBeGreaterThanOrEqual(95);
    // every attempt is signed afresh over the same body
    expect(new Set(attempts.map((item) => item.rawBody)).size).toBe(1);
  });

  it('gives up after the maximum number of attempts', async () => {
    const stubborn = new WebhookReceiver();
    await stubborn.start();
    stubborn.failNext(1000, 503);
    const capped = await startSandboxAcquirer({
      webhookUrl: stubborn.url,
      env: { ACQUIRER_WEBHOOK_MAX_ATTEMPTS: '3', ACQUIRER_WEBHOOK_RETRY_BASE_MS: '10' },
    });
    try {
      const session = (
        await capped.request('POST', '/v1/checkout_sessions', sessionBody(), { 'idempotency-key': key() })
      ).body;
      await capped.request('POST', `/v1/test/checkout_sessions/${session.id}/expire`);
      await eventually(
        () => stubborn.received.length,
        (count) => count >= 3,
      );
      await nothingPending(capped.schema);
      expect(stubborn.received.map((item) => item.status)).toEqual([503, 503, 503]);
    } finally {
      await capped.close();
      await stubborn.stop();
    }
  });

  it('chaos mode delivers events twice and out of order; switched off, once and in order', async () => {
    expect(
      (await acq.request('POST', '/v1/test/webhook_chaos', { duplicates: true, out_of_order: true, rate: 1 })).body,
    ).toEqual({ duplicates: true, out_of_order: true, rate: 1 });
    expect((await acq.request('GET', '/v1/test/webhook_chaos')).body.duplicates).toBe(true);
    const payment = await paidPayment();
    const session = payment.checkout_session;
    await receiver.waitFor('checkout_session.completed', (event) => (event.data as { id: string }).id === session);
    await receiver.waitFor('payment.succeeded', (event) => (event.data as { id: string }).id === payment.id);
    await nothingPending(acq.schema);
    const mine = receiver.accepted().filter((item) => dataId(item) === session || dataId(item) === payment.id);
    const types = mine.map((item) => item.event.type);
    // payment.succeeded happened first; chaos sends the held pair newest first, each twice
    expect(types).toEqual([
      'checkout_session.completed',
      'checkout_session.completed',
      'payment.succeeded',
      'payment.succeeded',
    ]);
    expect(new Set(mine.map((item) => item.event.id)).size).toBe(2);

    await acq.request('POST', '/v1/test/webhook_chaos', { duplicates: false, out_of_order: false });
    const calm = await paidPayment();
    await receiver.waitFor(
      'checkout_session.completed',
      (event) => (event.data as { id: string }).id === calm.checkout_session,
    );
    await nothingPending(acq.schema);
    const calmTypes = receiver
      .accepted()
      .filter((item) => dataId(item) === calm.checkout_session || dataId(item) === calm.id)
      .map((item) => item.event.type);
    expect(calmTypes).toEqual(['payment.succeeded', 'checkout_session.completed']);
  });

  it('two instances on one schema never send the same delivery twice', async () => {
    const shared = new WebhookReceiver();
    await shared.start();
    const instances: Acquirer[] = [];
    try {
      const env = {
        ACQUIRER_PORT: '0',
        ACQUIRER_HOST: '127.0.0.1',
        ACQUIRER_DATABASE_URL: testDatabaseUrl(),
        ACQUIRER_SCHEMA: `${acq.schema}_pair`,
        ACQUIRER_SECRET_KEY: acq.secretKey,
        ACQUIRER_WEBHOOK_URL: shared.url,
        ACQUIRER_POLL_MS: '10',
        ACQUIRER_LOG_LEVEL: 'silent' as const,
      };
      // Both start at once: the migration lock lets one create the schema while the other waits.
      instances.push(...(await Promise.all([0, 1].map(() => createAcquirer(loadAcquirerConfig(env))))));
      const [first] = instances;
      const url = await first.listen();
      await instances[1].listen();
      const sessions: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        const response = await fetch(`${url}/v1/checkout_sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${acq.secretKey}`,
            'content-type': 'application/json',
            'idempotency-key': key('pair'),
          },
          body: JSON.stringify(sessionBody()),
        });
        const session = (await response.json()) as { id: string };
        sessions.push(session.id);
        await fetch(`${url}/v1/test/checkout_sessions/${session.id}/expire`, {
          method: 'POST',
          headers: { authorization: `Bearer ${acq.secretKey}` },
        });
      }
      await eventually(
        () => shared.accepted('checkout_session.expired').length,
        (count) => count >= 30,
      );
      await nothingPending(`${acq.schema}_pair`);
      const ids = shared.accepted('checkout_session.expired').map((item) => item.event.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    } finally {
      for (const instance of instances) await instance.close();
      await shared.stop();
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      await admin.query(`drop schema if exists "${acq.schema}_pair" cascade`);
      await admin.end();
    }
  });
});
