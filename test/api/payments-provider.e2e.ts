import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Socket } from 'node:net';
import { ExpireCheckouts } from '#app/commerce';
import { ago, FixedClock, timeTravel, type TestPlatform } from '#app/testing';
import { CARD, THREE_D_SECURE, call, newKey, postForm, startCommercePlatform, waitFor } from './commerce-fixtures.js';

/**
 * The payment provider as a network service: what the fan and we see when the acquirer is down or
 * slow, when its webhooks are late, when a checkout is abandoned, and that no card number ever
 * reaches our tables or logs.
 */
const clock = new FixedClock(new Date());
const start = clock.now();
const TIMEOUT_MS = 1000;
const UNAVAILABLE = {
  code: 'payments_unavailable',
  message: 'Payments are unavailable right now. Nothing was charged; try again in a minute.',
};
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let albumId: string;
const logLines: string[] = [];
const buy = (who: string | null, body: Record<string, unknown>, key = newKey()) =>
  call(platform, 'POST', '/api/purchases', who, body, { 'idempotency-key': key });
const album = { kind: 'content', method: 'card' } as const;

beforeAll(async () => {
  f = await startCommercePlatform(clock, {
    env: { PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'debug' },
    // Chaos mode holds webhooks back this long: holdWebhooks() is a webhook outage until released.
    acquirerEnv: { ACQUIRER_CHAOS_HOLD_MS: '600000' },
    logSink: (line) => logLines.push(line),
  });
  platform = f.platform;
  albumId = await f.approvedItem('album', 1800, 'Provider album');
});

afterAll(async () => {
  await releaseWebhooks().catch(() => undefined);
  await platform?.drain(30_000);
  await platform?.close();
});

/** Checkout sessions, and payments taken, at the acquirer for one of our purchases. */
async function atAcquirer(purchaseId: string) {
  const count = async (table: string) =>
    (
      await f
        .db()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from "${f.acquirer.schema}".${table} where reference = ?`,
          [purchaseId],
        )
    )[0].n;
  return { sessions: await count('checkout_sessions'), payments: await count('payments') };
}

const postSales = async (purchaseId: string) => (await f.outboxRows('post-sale', purchaseId)).length;

/** The acquirer keeps every webhook it emits from now on until releaseWebhooks(). */
const holdWebhooks = () =>
  f.acquirer.request('POST', '/v1/test/webhook_chaos', { duplicates: false, out_of_order: true, rate: 1 });

async function releaseWebhooks() {
  await f.acquirer.request('POST', '/v1/test/webhook_chaos', { duplicates: false, out_of_order: false, rate: 0 });
  await f
    .db()
    .execute(`update "${f.acquirer.schema}".webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
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
    'the held webhooks to be delivered',
  );
}

/** Runs the expiry sweep as the worker would, the clock moved past CHECKOUT_ABANDONED_AFTER_SECONDS. */
async function sweepAbandoned() {
  clock.set(new Date(start.getTime() + (platform.config.CHECKOUT_ABANDONED_AFTER_SECONDS + 60) * 1000));
  try {
    // Oldest first, in batches: other suites' open checkouts in the shared database go first.
    while (Object.values(await platform.worker!.get(ExpireCheckouts).run()).some((n) => n > 0));
  } finally {
    clock.set(start);
  }
}

/** A TCP server on the port that accepts connections and never answers. */
/** Accepts connections on `port` and never answers; counts the HTTP requests it was sent. */
async function silentServer(port: number) {
  const sockets = new Set<Socket>();
  let received = '';
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (data) => (received += data.toString('latin1')));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    requests: () => received.match(/(?:GET|POST|DELETE) \/\S* HTTP\/1\.1\r\n/g)?.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the acquirer down', () => {
  it('answers 503 payments_unavailable and charges nothing; the same request after it is back opens one checkout for the same purchase', async () => {
    const fan = await f.newFan();
    const key = newKey();
    const body = { ...album, contentId: albumId };
    await f.acquirer.stop();
    let down;
    try {
      down = await buy(fan.session.access_token, body, key);
    } finally {
      await f.acquirer.restart();
    }
    expect(down).toMatchObject({ status: 503, body: UNAVAILABLE });
    const [left] = await f
      .db()
      .execute<{ id: string; status: string; checkout_id: string | null }[]>(
        `select id, status, checkout_id from purchases where buyer_id = ?`,
        [fan.session.user.id],
      );
    expect(left).toEqual({ id: expect.any(String), status: 'pending', checkout_id: null });
    expect(await atAcquirer(left.id)).toEqual({ sessions: 0, payments: 0 });

    const back = await buy(fan.session.access_token, body, key);
    expect(back).toMatchObject({
      status: 200,
      body: { id: left.id, status: 'requires_action', checkoutUrl: expect.stringContaining('/pay/') },
    });
    expect(await buy(fan.session.access_token, body, key)).toMatchObject({
      status: 200,
      body: { id: left.id, checkoutUrl: back.body.checkoutUrl },
    });
    await f.settle(left.id);
    expect(await atAcquirer(left.id)).toEqual({ sessions: 1, payments: 1 });
    expect(await postSales(left.id)).toBe(1);
  });

  it('answers 503 within the timeout when the acquirer does not answer, and leaves nothing that blocks buying again', async () => {
    const fan = await f.newFan();
    const body = { kind: 'subscription', storeSlug: f.slug, method: 'card' };
    const port = Number(new URL(f.acquirer.url).port);
    await f.acquirer.stop();
    const silent = await silentServer(port);
    let slow;
    let elapsed = 0;
    const started = Date.now();
    try {
      slow = await buy(fan.session.access_token, body);
      // Timed before the acquirer comes back: its restart is not the api's answer time.
      elapsed = Date.now() - started;
    } finally {
      await silent.close();
      await f.acquirer.restart();
    }
    expect(slow).toMatchObject({ status: 503, body: UNAVAILABLE });
    // The adapter's bounded retries: three attempts, each given up after TIMEOUT_MS (counted at the
    // acquirer's port, not read off the clock, so a loaded machine cannot turn it into a fourth).
    expect(silent.requests()).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(3 * TIMEOUT_MS);
    // It answers rather than waiting on a peer that never will (well within jest's 60 s).
    expect(elapsed).toBeLessThan(20_000);

    // Buying again with a new key takes the fan to the same purchase, now with its hosted page.
    const again = await buy(fan.session.access_token, body);
    expect(again).toMatchObject({
      status: 200,
      body: { kind: 'subscription', status: 'requires_action', checkoutUrl: expect.any(String) },
    });
    expect(await atAcquirer(again.body.id)).toEqual({ sessions: 1, payments: 0 });
    await f.settle(again.body.id);
    expect((await call(platform, 'GET', '/api/subscriptions', fan.session.access_token)).body.items).toEqual([
      expect.objectContaining({ storeSlug: f.slug, status: 'active' }),
    ]);
  });
});

describe('refreshing a purchase', () => {
  it("applies the acquirer's answer once without waiting for the webhook; the late webhook changes nothing; other fans get 404", async () => {
    const fan = await f.newFan();
    const created = await buy(fan.session.access_token, { ...album, contentId: albumId });
    const refresh = (who: string | null) => call(platform, 'POST', `/api/purchases/${created.body.id}/refresh`, who);
    expect(await refresh(fan.session.access_token)).toMatchObject({
      status: 200,
      body: { status: 'requires_action', checkoutUrl: created.body.checkoutUrl },
    });

    await f.acquirer.stop();
    try {
      expect(await refresh(fan.session.access_token)).toMatchObject({ status: 503, body: UNAVAILABLE });
    } finally {
      await f.acquirer.restart();
    }

    await holdWebhooks();
    try {
      await f.pay(created.body.id);
      expect(await f.purchaseStatus(created.body.id)).toBe('requires_action');
      expect((await refresh((await f.newFan()).session.access_token)).status).toBe(404);
      expect((await refresh(null)).status).toBe(401);
      expect(await f.purchaseStatus(created.body.id)).toBe('requires_action');

      const refreshed = await refresh(fan.session.access_token);
      expect(refreshed).toMatchObject({
        status: 200,
        body: { id: created.body.id, status: 'paid', paidAt: expect.any(String), checkoutUrl: null },
      });
      expect(await refresh(fan.session.access_token)).toMatchObject({
        status: 200,
        body: { status: 'paid', paidAt: refreshed.body.paidAt },
      });
      expect(await postSales(created.body.id)).toBe(1);
    } finally {
      await releaseWebhooks();
    }
    const events = await f
      .db()
      .execute<{ type: string }[]>(`select type from payment_events where reference = ?`, [created.body.id]);
    expect(events.length).toBeGreaterThan(0);
    expect(await f.purchaseStatus(created.body.id)).toBe('paid');
    expect(await postSales(created.body.id)).toBe(1);
    expect(
      (
        await f
          .db()
          .execute(`select 1 from outbox_message where job_name = 'purchase-paid' and payload->>'purchaseId' = ?`, [
            created.body.id,
          ])
      ).length,
    ).toBe(1);
  });
});

describe('abandoned checkouts', () => {
  it('expire after the acquirer is asked, releasing nothing; one paid at the acquirer meanwhile becomes paid instead', async () => {
    const leaver = await f.newFan();
    const left = await buy(leaver.session.access_token, { kind: 'subscription', storeSlug: f.slug, method: 'card' });
    const payer = await f.newFan();
    const paid = await buy(payer.session.access_token, { ...album, contentId: albumId });
    await holdWebhooks();
    try {
      await f.pay(paid.body.id);
      expect(await f.purchaseStatus(paid.body.id)).toBe('requires_action');
      await sweepAbandoned();
      expect(await f.purchaseStatus(paid.body.id)).toBe('paid');
    } finally {
      await releaseWebhooks();
    }
    expect(await postSales(paid.body.id)).toBe(1);

    expect(
      (await call(platform, 'GET', `/api/purchases/${left.body.id}`, leaver.session.access_token)).body,
    ).toMatchObject({ status: 'expired', checkoutUrl: null, paidAt: null });
    expect(await f.outboxRows('post-sale', left.body.id)).toEqual([]);
    expect(
      await f.db().execute(`select id from subscriptions where subscriber_id = ?`, [leaver.session.user.id]),
    ).toEqual([]);
    expect((await call(platform, 'GET', '/api/purchases', leaver.session.access_token)).body.items).toEqual([]);
    // Nothing is held: the fan may subscribe again.
    expect(
      await buy(leaver.session.access_token, { kind: 'subscription', storeSlug: f.slug, method: 'card' }),
    ).toMatchObject({ status: 201 });
  });

  it('sends back a late payment of a checkout we gave up on when the fan has bought the item again: booked, refunded once, never announced', async () => {
    const fan = await f.newFan();
    const token = fan.session.access_token;
    const itemId = await f.approvedItem('album', 1300, 'Paid twice album');
    const first = await buy(token, { ...album, contentId: itemId });
    let second: Awaited<ReturnType<typeof buy>>;
    await holdWebhooks();
    try {
      // Our side gives up on the first checkout once its hosted page has lapsed (the worker's expiry sweep) ...
      await timeTravel(platform, 'checkoutExpiresAt', first.body.id, ago(1000, clock.now()));
      expect(await platform.worker!.get(ExpireCheckouts).expire(first.body.id)).toBe('expired');
      // ... the fan pays it all the same, on the page still open in their browser (its webhook is late) ...
      await postForm(first.body.checkoutUrl, CARD);
      // ... and buys the item again, paying that one too.
      second = await buy(token, { ...album, contentId: itemId });
      expect(second.status).toBe(201);
      await f.pay(second.body.id);
      expect((await call(platform, 'POST', `/api/purchases/${second.body.id}/refresh`, token)).body).toMatchObject({
        status: 'paid',
      });
    } finally {
      await releaseWebhooks();
    }
    // The first payment's capture arrives: it is booked and refunded (the fan holds the item through the second).
    await waitFor(
      async () => (await f.purchaseStatus(first.body.id)) === 'refunded',
      15_000,
      'the late capture to be booked and refunded',
    );
    expect(await f.purchaseStatus(second.body.id)).toBe('paid');
    expect(await postSales(first.body.id)).toBe(1);
    expect(await f.outboxRows('post-reversal', first.body.id)).toMatchObject([
      { saleId: first.body.id, kind: 'refund' },
    ]);
    const notices = async (id: string) =>
      (
        await f
          .db()
          .execute<{ n: number }[]>(
            `select count(*)::int as n from outbox_message where job_name = 'purchase-paid' and payload->>'purchaseId' = ?`,
            [id],
          )
      )[0].n;
    expect(await notices(first.body.id)).toBe(0);
    expect(await notices(second.body.id)).toBe(1);
    // The worker sends the money back at the acquirer, once.
    const refunds = async () =>
      (
        await f
          .db()
          .execute<{ n: number }[]>(
            `select count(*)::int as n from "${f.acquirer.schema}".refunds r join "${f.acquirer.schema}".payments p on p.id = r.payment_id where p.reference = ?`,
            [first.body.id],
          )
      )[0].n;
    await waitFor(async () => (await refunds()) === 1, 15_000, 'the duplicate payment to be refunded at the acquirer');
    await platform.drain(15_000);
    expect(await refunds()).toBe(1);
    expect(await f.purchaseStatus(first.body.id)).toBe('refunded');
    // The fan's history shows the refunded payment beside the paid one.
    const history = (await call(platform, 'GET', '/api/purchases', token)).body.items as {
      id: string;
      status: string;
    }[];
    expect(history.map(({ id, status }) => ({ id, status })).sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { id: second.body.id, status: 'paid' },
      { id: first.body.id, status: 'refunded' },
    ]);
  });
});

describe('saved cards', () => {
  it("lists and forgets the fan's own cards only: another fan's token sees none and deletes nothing (404), signed out is 401", async () => {
    const fan = await f.newFan();
    const stranger = await f.newFan();
    const subscription = await buy(fan.session.access_token, {
      kind: 'subscription',
      storeSlug: f.slug,
      method: 'card',
    });
    await f.settle(subscription.body.id);
    const list = (who: string | null) => call(platform, 'GET', '/api/billing/payment-methods', who);
    const remove = (who: string | null, id: string) =>
      call(platform, 'DELETE', `/api/billing/payment-methods/${encodeURIComponent(id)}`, who);

    const mine = await list(fan.session.access_token);
    expect(mine).toMatchObject({
      status: 200,
      body: { items: [{ id: expect.any(String), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2035 }] },
    });
    const cardId = mine.body.items[0].id as string;
    expect(await list(stranger.session.access_token)).toMatchObject({ status: 200, body: { items: [] } });
    expect((await list(null)).status).toBe(401);
    expect((await remove(null, cardId)).status).toBe(401);
    expect(await remove(stranger.session.access_token, cardId)).toMatchObject({ status: 404 });
    for (const odd of ['no-such-card', '../../v1/test', 'x'.repeat(300)])
      expect({ odd, status: (await remove(fan.session.access_token, odd)).status }).toEqual({ odd, status: 404 });
    expect((await list(fan.session.access_token)).body.items).toHaveLength(1);

    expect((await remove(fan.session.access_token, cardId)).status).toBe(204);
    expect((await list(fan.session.access_token)).body.items).toEqual([]);
    expect((await remove(fan.session.access_token, cardId)).status).toBe(404);
  });
});

describe('card numbers', () => {
  /** The first twelve digits (and so the whole number), with or without spaces or dashes between them. */
  const CARD_DIGITS = [CARD.number, THREE_D_SECURE.number].map((number) => number.replace(/\D/g, '').slice(0, 12));
  const SQL_PATTERN = CARD_DIGITS.map((digits) => digits.split('').join('[[:space:]-]*')).join('|');
  const holdsCardNumber = (text: string) => CARD_DIGITS.some((digits) => text.replace(/[\s-]/g, '').includes(digits));

  /** Every text, character, JSON, byte and text-array column of every table of ours (not the acquirer's schemas): the ones holding a card number. */
  async function columnsHoldingCardNumbers() {
    const columns = await f
      .db()
      .execute<{ table_schema: string; table_name: string; column_name: string; data_type: string }[]>(
        `select c.table_schema, c.table_name, c.column_name, c.data_type
         from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%' and c.table_schema not like 'acquirer\\_%'
          and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))`,
      );
    const found: string[] = [];
    for (const column of columns) {
      const name = `"${column.table_schema}"."${column.table_name}"."${column.column_name}"`;
      const value =
        column.data_type === 'bytea' ? `encode("${column.column_name}", 'escape')` : `"${column.column_name}"::text`;
      const [{ hits }] = await f
        .db()
        .execute<{ hits: number }[]>(
          `select count(*)::int as hits from "${column.table_schema}"."${column.table_name}" where ${value} ~ ?`,
          [SQL_PATTERN],
        );
      if (hits > 0) found.push(name);
    }
    return { scanned: columns.length, found };
  }

  it('are nowhere in our tables or logs after card checkouts on the hosted page (one with 3-D Secure and a saved card)', async () => {
    const fan = await f.newFan();
    const item = await buy(fan.session.access_token, { ...album, contentId: albumId });
    await f.settle(item.body.id, CARD);
    const subscription = await buy(fan.session.access_token, {
      kind: 'subscription',
      storeSlug: f.slug,
      method: 'card',
    });
    await f.settle(subscription.body.id, THREE_D_SECURE);
    expect((await call(platform, 'GET', '/api/billing/payment-methods', fan.session.access_token)).body.items).toEqual([
      expect.objectContaining({ last4: '3220' }),
    ]);
    await platform.drain();

    // The scan finds a number where one is (with dashes here), so its silence below means something.
    await f.db().execute(`create table card_scan_probe (note text)`);
    try {
      await f.db().execute(`insert into card_scan_probe values ('4242-4242-4242-4242')`);
      expect((await columnsHoldingCardNumbers()).found).toEqual(['"public"."card_scan_probe"."note"']);
    } finally {
      await f.db().execute(`drop table card_scan_probe`);
    }
    const { scanned, found } = await columnsHoldingCardNumbers();
    expect(scanned).toBeGreaterThan(100);
    expect(found).toEqual([]);
    expect(
      await f
        .db()
        .execute(`select card_brand, card_last4 from purchases where id in (?, ?) order by card_last4`, [
          subscription.body.id,
          item.body.id,
        ]),
    ).toEqual([
      { card_brand: 'visa', card_last4: '3220' },
      { card_brand: 'visa', card_last4: '4242' },
    ]);

    expect(logLines.length).toBeGreaterThan(50);
    expect(holdsCardNumber('{"msg":"card 4242 4242 4242 4242"}')).toBe(true);
    expect(logLines.filter(holdsCardNumber)).toEqual([]);
  });
});
