import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startSandboxAcquirer, type SandboxAcquirer } from '#app/testing';

/**
 * The statements the acquirer sends to PostgreSQL per request, counted at the client: each is one
 * round trip. The checkout benchmark depends on these staying as few as they are, and on the hot
 * ones staying prepared (sent by name, planned once per connection).
 */
interface Sent {
  total: number;
  named: string[];
}

let acquirer: SandboxAcquirer;
let recording: Sent | null = null;
const originalQuery = pg.Client.prototype.query;

async function record(work: () => Promise<unknown>): Promise<Sent> {
  recording = { total: 0, named: [] };
  try {
    await work();
    return recording;
  } finally {
    recording = null;
  }
}

beforeAll(async () => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      recording.total += 1;
      const config = args[0] as { name?: string } | string;
      if (typeof config === 'object' && config.name) recording.named.push(config.name);
    }
    return (originalQuery as (...values: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
  // No background pass of its own during the test: tick() runs one when asked.
  acquirer = await startSandboxAcquirer({ env: { ACQUIRER_POLL_MS: '3600000' } });
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await acquirer?.close();
});

const sessionBody = {
  amount: 1299,
  currency: 'EUR',
  reference: 'purchase-round-trips',
  description: 'Premium photo set by Mia',
  success_url: 'http://shop.example/checkout/success',
  cancel_url: 'http://shop.example/checkout/cancel',
};

describe('round trips to PostgreSQL per request', () => {
  let sessionId: string;
  let paymentId: string;
  let createNames: string[];

  it('creating a checkout session with an Idempotency-Key: 6 statements, the 4 hot ones prepared', async () => {
    const sent = await record(async () => {
      const created = await acquirer.request('POST', '/v1/checkout_sessions', sessionBody, {
        'idempotency-key': 'round-trips-session',
      });
      expect(created.status).toBe(201);
      sessionId = created.body.id;
    });
    // begin, the key's lock, its stored answer, the session, the answer stored, commit
    expect(sent.total).toBe(6);
    expect(sent.named).toHaveLength(4);
    expect(new Set(sent.named).size).toBe(4);
    createNames = sent.named;
  });

  it('replaying it: 4 statements, the same prepared ones', async () => {
    const sent = await record(async () => {
      const replayed = await acquirer.request('POST', '/v1/checkout_sessions', sessionBody, {
        'idempotency-key': 'round-trips-session',
      });
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    });
    expect(sent.total).toBe(4);
    expect(sent.named).toEqual(createNames.slice(0, 2));
  });

  it('a second session sends the same prepared statements by the same names', async () => {
    const sent = await record(async () => {
      const created = await acquirer.request('POST', '/v1/checkout_sessions', sessionBody, {
        'idempotency-key': 'round-trips-session-2',
      });
      expect(created.status).toBe(201);
    });
    expect(sent.total).toBe(6);
    expect(sent.named).toEqual(createNames);
  });

  it('paying it on the hosted page with a new card: 11 statements', async () => {
    const sent = await record(async () => {
      const response = await fetch(`${acquirer.url}/pay/${sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Test Fan' }),
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      await response.arrayBuffer();
    });
    // begin, the session locked, the payment and its event (event, chaos switches, delivery),
    // the session completed and its event, commit
    expect(sent.total).toBe(11);
    const session = await acquirer.request('GET', `/v1/checkout_sessions/${sessionId}`);
    expect(session.body.status).toBe('complete');
    paymentId = session.body.payment.id;
  });

  it('refunding the payment with an Idempotency-Key: 11 statements, 3 prepared', async () => {
    const sent = await record(async () => {
      const refunded = await acquirer.request('POST', `/v1/payments/${paymentId}/refunds`, undefined, {
        'idempotency-key': 'round-trips-refund',
      });
      expect(refunded.status).toBe(201);
    });
    expect(sent.total).toBe(11);
    expect(sent.named).toEqual([createNames[0], createNames[1], createNames[3]]);
  });

  it('a background pass with three deliveries due (to an endpoint that refuses): 12 statements', async () => {
    const sent = await record(() => acquirer.tick());
    // expiry (begin, select, commit), disputes (the same), webhooks (begin, select, one update each, commit)
    expect(sent.total).toBe(12);
  });
});
