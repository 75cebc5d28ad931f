import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { QueueFactory } from '#app/platform';
import { SubscriptionRenewals } from '#app/commerce';
import { FixedClock, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform, waitFor } from './commerce-fixtures.js';

const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let fan: Awaited<ReturnType<typeof f.newFan>>;
let other: Awaited<ReturnType<typeof f.newFan>>;
let albumId: string;

/** One purchase, paid through the sandbox, with everything it set off (receipts, entries, ledger) done. */
async function paidPurchase(who: typeof fan, body: Record<string, unknown>): Promise<string> {
  const created = await call(
    platform,
    'POST',
    '/api/purchases',
    who.session.access_token,
    { method: 'card', ...body },
    { 'idempotency-key': newKey() },
  );
  expect(created.status).toBe(201);
  await f.settle(created.body.id);
  await platform.drain();
  return created.body.id;
}

const notifications = (token: string | null, query = '') => call(platform, 'GET', `/api/notifications${query}`, token);
const salesRow = async (saleId: string) =>
  (
    (await call(platform, 'GET', '/api/sales', f.creator.token)).body.items as { id: string; netMinor: number | null }[]
  ).find((item) => item.id === saleId);
const entriesOf = async (purchaseId: string) =>
  (await f.db().execute(`select kind from creator_notifications where purchase_id = ?`, [purchaseId])).length;
const mailsAbout = (address: string, purchaseIdOrText: string) =>
  platform.inbox.for(address).filter((mail) => mail.text.includes(purchaseIdOrText));

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  fan = await f.newFan();
  other = await f.newFan();
  albumId = await f.approvedItem('album', 1499, 'Beach album');
});

afterAll(async () => {
  await platform?.drain(30_000);
  await platform?.close();
});

describe('a paid purchase', () => {
  let purchaseId: string;

  it('sends the fan one receipt (amount, VAT line, merchant, reference, item, store, link to Billing & Payments)', async () => {
    purchaseId = await paidPurchase(fan, { kind: 'content', contentId: albumId });
    const receipt = await platform.inbox.waitFor(fan.email, /receipt/);
    expect(receipt.subject).toBe('Your Fanmint receipt: $14.99 to Commerce Shop');
    for (const line of [
      'Item: Beach album',
      'Store: Commerce Shop',
      'Amount: $14.99 (USD)',
      'VAT: included where applicable',
      'Paid with: Visa •••• 4242',
      'Merchant: Fanmint',
      `Reference: ${purchaseId}`,
    ]) {
      expect(receipt.text).toContain(line);
    }
    expect(receipt.links).toContain(`${platform.baseUrl}/dashboard/billing/receipts/${purchaseId}`);
    expect(receipt.html).toContain('VAT: included where applicable');
    expect(mailsAbout(fan.email, purchaseId)).toHaveLength(1);
  });

  it('gives the creator one email and one unread dashboard entry', async () => {
    const mail = await platform.inbox.waitFor(f.creator.email, /^New sale: \$14\.99$/);
    expect(mail.text).toMatch(/fan••[0-9a-f]{4} bought "Beach album" for \$14\.99/);
    expect(mail.links).toContain(`${platform.baseUrl}/dashboard/sales`);
    const listed = await notifications(f.creator.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ unreadCount: 1, nextCursor: null });
    expect(listed.body.items).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        kind: 'sale',
        purchaseId,
        text: expect.stringContaining('bought "Beach album" for $14.99'),
        message: null,
        amountMinor: 1499,
        currency: 'USD',
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(fan.session.user.id);
  });

  it('sends one email and writes one entry when the job is delivered twice, or the same news is sent again', async () => {
    const [row] = await f
      .db()
      .execute<{ id: string; payload: Record<string, unknown> }[]>(
        `select id, payload from outbox_message where queue = 'notifications' and job_name = 'purchase-paid' and payload->>'purchaseId' = ?`,
        [purchaseId],
      );
    expect(row.payload).toEqual({ purchaseId });
    const queue = platform.worker!.get(QueueFactory).queue('notifications');
    // The same outbox message again (a redelivery), then the same purchase under a new message id.
    await queue.add('purchase-paid', { purchaseId, messageId: String(row.id) }, { jobId: `replay-${row.id}` });
    await queue.add('purchase-paid', { purchaseId, messageId: '999999999' }, { jobId: `again-${row.id}` });
    await platform.drain();
    expect(await entriesOf(purchaseId)).toBe(1);
    expect(mailsAbout(fan.email, purchaseId)).toHaveLength(1);
    expect(platform.inbox.for(f.creator.email).filter((mail) => mail.subject.startsWith('New sale'))).toHaveLength(1);
  });
});

describe('a tip', () => {
  const message = 'Loved the <b>beach</b> set!';
  let tipId: string;

  it("carries the fan's message to the creator's entry and email (escaped in HTML)", async () => {
    tipId = await paidPurchase(fan, { kind: 'tip', storeSlug: f.slug, amountMinor: 500, message });
    const mail = await platform.inbox.waitFor(f.creator.email, /^New tip: \$5\.00$/);
    expect(mail.text).toContain(`“${message}”`);
    expect(mail.html).toContain('Loved the &lt;b&gt;beach&lt;/b&gt; set!');
    const [entry] = (await notifications(f.creator.token)).body.items;
    expect(entry).toMatchObject({
      kind: 'tip',
      purchaseId: tipId,
      message,
      amountMinor: 500,
      text: expect.stringContaining('sent you a $5.00 tip'),
    });
    expect(await platform.inbox.waitFor(fan.email, /^Your Fanmint receipt: \$5\.00/)).toMatchObject({
      text: expect.stringContaining('Item: Tip to Commerce Shop'),
    });
  });

  it('shows on the sales row with gross and net (the 75% creator share) side by side, and in the totals', async () => {
    const sales = await call(platform, 'GET', '/api/sales', f.creator.token);
    const tip = sales.body.items.find((item: { id: string }) => item.id === tipId);
    expect(tip).toMatchObject({ kind: 'tip', message, grossMinor: 500, netMinor: 375 });
    expect(sales.body.items.find((item: { kind: string }) => item.kind === 'content')).toMatchObject({
      grossMinor: 1499,
      netMinor: 1124,
      message: null,
    });
    expect(sales.body.totals).toEqual({ grossMinor: 1999, netMinor: 1499, count: 2, refundedMinor: 0 });
  });
});

describe('a subscription and a chargeback', () => {
  it('tells the creator about a new subscriber', async () => {
    const id = await paidPurchase(other, { kind: 'subscription', storeSlug: f.slug });
    await platform.inbox.waitFor(f.creator.email, /^New subscriber: \$9\.99$/);
    expect((await notifications(f.creator.token)).body.items[0]).toMatchObject({
      kind: 'subscriber',
      purchaseId: id,
      amountMinor: 999,
    });
    expect(await platform.inbox.waitFor(other.email, /receipt/)).toMatchObject({
      text: expect.stringContaining('Item: Monthly subscription to Commerce Shop'),
    });
  });

  it('sends a receipt for a renewal, and gives the creator a quiet entry without an email', async () => {
    const start = clock.now();
    clock.set(new Date(start.getTime() + 32 * 86_400_000));
    let renewalId: string;
    try {
      await platform.worker!.get(SubscriptionRenewals).run();
      [{ id: renewalId }] = await f
        .db()
        .execute<{ id: string }[]>(`select id from purchases where buyer_id = ? and period_start is not null`, [
          other.session.user.id,
        ]);
      // A renewal is a merchant-initiated charge of the saved card: the acquirer answers at once.
      expect(await f.purchaseStatus(renewalId)).toBe('paid');
      await platform.drain();
    } finally {
      clock.set(start);
    }
    expect(await platform.inbox.waitFor(other.email, /receipt/, { nth: 2 })).toMatchObject({
      text: expect.stringContaining(`Reference: ${renewalId}`),
    });
    expect((await notifications(f.creator.token)).body.items[0]).toMatchObject({
      kind: 'renewal',
      purchaseId: renewalId,
      amountMinor: 999,
    });
    expect(
      platform.inbox.for(f.creator.email).filter((mail) => mail.subject.startsWith('Subscription renewed')),
    ).toEqual([]);
  });

  it('writes a chargeback entry and emails the creator which sale was disputed', async () => {
    const id = await paidPurchase(other, { kind: 'content', contentId: albumId });
    expect(
      (
        await f.acquirer.request(
          'POST',
          `/v1/test/payments/${(await f.db().execute<{ p: string }[]>(`select provider_payment_id as p from purchases where id = ?`, [id]))[0].p}/dispute`,
          {},
        )
      ).status,
    ).toBe(201);
    await waitFor(async () => (await f.purchaseStatus(id)) === 'charged_back', 10_000, 'the chargeback webhook');
    await platform.drain();
    const mail = await platform.inbox.waitFor(f.creator.email, /^A sale was charged back: \$14\.99$/);
    expect(mail.text).toMatch(/Chargeback: fan••[0-9a-f]{4} disputed Beach album \(\$14\.99\)/);
    expect(mail.text).toContain("The fan's bank reversed this payment.");
    const kinds = (await notifications(f.creator.token)).body.items
      .filter((item: { purchaseId: string }) => item.purchaseId === id)
      .map((item: { kind: string }) => item.kind);
    expect(kinds).toEqual(['chargeback', 'sale']);
    // The reversal took the creator's share back: the sale nets to nothing.
    await waitFor(async () => (await salesRow(id))?.netMinor === 0, 10_000, 'the chargeback booked in the ledger');
    expect(await salesRow(id)).toMatchObject({
      status: 'charged_back',
      grossMinor: 1499,
      netMinor: 0,
      disputeStage: 'needs_response',
    });
  });
});

describe('the notifications API', () => {
  it("shows and marks only the caller's own entries: another user's token sees none and changes none", async () => {
    const mine = (await notifications(f.creator.token)).body;
    expect(mine.unreadCount).toBe(mine.items.length);
    const newest = mine.items[0].id;
    expect((await notifications(other.session.access_token)).body).toEqual({
      items: [],
      nextCursor: null,
      unreadCount: 0,
    });
    expect(
      await call(platform, 'POST', '/api/notifications/read', other.session.access_token, { upToId: newest }),
    ).toMatchObject({ status: 200, body: { unreadCount: 0 } });
    expect(await call(platform, 'POST', '/api/notifications/read', other.session.access_token, {})).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
    expect((await notifications(f.creator.token)).body.unreadCount).toBe(mine.items.length);
    expect((await notifications(null)).status).toBe(401);
    expect((await call(platform, 'POST', '/api/notifications/read', null, {})).status).toBe(401);
  });

  it('pages newest first by cursor and marks up to an id, then all', async () => {
    const all = (await notifications(f.creator.token)).body.items as { id: string; readAt: string | null }[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = await notifications(f.creator.token, '?limit=2');
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual(all.slice(0, 2).map((item) => item.id));
    const second = await notifications(f.creator.token, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual(all.slice(2, 4).map((item) => item.id));

    const older = all[1].id;
    expect(await call(platform, 'POST', '/api/notifications/read', f.creator.token, { upToId: older })).toMatchObject({
      status: 200,
      body: { unreadCount: 1 },
    });
    const after = (await notifications(f.creator.token)).body;
    expect(after.items[0].readAt).toBeNull();
    expect(after.items.slice(1).every((item: { readAt: string | null }) => item.readAt !== null)).toBe(true);
    expect(await call(platform, 'POST', '/api/notifications/read', f.creator.token, {})).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    for (const query of [
      '?cursor=abc',
      '?cursor=0',
      '?cursor=99999999999999999999',
      '?limit=0',
      '?limit=51',
      '?limit=x',
      '?cursor=1&cursor=2',
    ]) {
      const refused = await notifications(f.creator.token, query);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
    }
    for (const body of [{ upToId: 'x' }, { upToId: 5 }, { upToId: '-1' }, { upToId: '99999999999999999999' }]) {
      const refused = await call(platform, 'POST', '/api/notifications/read', fan.session.access_token, body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
    }
  });
});

describe('a creator who turned sale emails off in their store settings', () => {
  it('still gets the dashboard entry, but no email; the fan still gets the receipt', async () => {
    const off = await call(platform, 'PATCH', '/api/stores/mine', f.creator.token, {
      notifications: { emailSales: false },
    });
    expect(off).toMatchObject({ status: 200, body: { notifications: { emailSales: false } } });
    expect(
      (await call(platform, 'PATCH', '/api/stores/mine', f.creator.token, { notifications: { emailSales: 'no' } }))
        .status,
    ).toBe(400);
    const id = await paidPurchase(fan, { kind: 'tip', storeSlug: f.slug, amountMinor: 700, message: 'A quiet one' });
    expect((await notifications(f.creator.token)).body.items[0]).toMatchObject({
      kind: 'tip',
      purchaseId: id,
      message: 'A quiet one',
    });
    await platform.inbox.waitFor(fan.email, /^Your Fanmint receipt: \$7\.00/);
    expect(platform.inbox.for(f.creator.email).filter((mail) => mail.subject === 'New tip: $7.00')).toEqual([]);
    expect(
      (await call(platform, 'PATCH', '/api/stores/mine', f.creator.token, { notifications: { emailSales: true } }))
        .body,
    ).toMatchObject({ notifications: { emailSales: true } });
  });
});

describe('live notices on the user channels (realtime)', () => {
  it('tells the fan their purchase is paid, and the creator of the tip and of a review decision, once committed', async () => {
    const heard: Record<string, { event: string; payload: Record<string, unknown> }[]> = { fan: [], creator: [] };
    const live = [fan.session.access_token, f.creator.token].map((token, i) => {
      const client = new RealtimeClient(`${platform.baseUrl}/realtime/v1`, {
        params: { apikey: 'fanmint-public-anon-key' },
        transport: WebSocket as never,
        timeout: 5000,
      });
      void client.setAuth(token);
      const who = i === 0 ? 'fan' : 'creator';
      const userId = i === 0 ? fan.session.user.id : f.creator.userId;
      const channel = client
        .channel(`user:${userId}`, { config: { private: true } })
        .on('broadcast', { event: '*' }, (message) =>
          heard[who].push(message as unknown as (typeof heard)[string][number]),
        );
      return { client, subscribed: new Promise((resolve) => channel.subscribe((status) => resolve(status))) };
    });
    expect(await Promise.all(live.map((entry) => entry.subscribed))).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);

    const tipId = await paidPurchase(fan, { kind: 'tip', storeSlug: f.slug, amountMinor: 300, message: 'Live one' });
    const itemId = await f.approvedItem('video', 999, 'Live video');
    await waitFor(async () => heard.fan.length >= 1 && heard.creator.length >= 2, 10_000, 'the live notices');
    expect(heard.fan).toEqual([
      {
        type: 'broadcast',
        event: 'purchase.paid',
        payload: { eventId: expect.any(String), purchaseId: tipId, kind: 'tip' },
      },
    ]);
    expect(heard.creator).toEqual([
      {
        type: 'broadcast',
        event: 'creator.activity',
        payload: {
          eventId: expect.any(String),
          kind: 'tip',
          purchaseId: tipId,
          text: expect.stringContaining('sent you a $3.00 tip'),
          amountMinor: 300,
          currency: 'USD',
        },
      },
      {
        type: 'broadcast',
        event: 'content.decided',
        payload: { contentId: itemId, kind: 'video', title: 'Live video', status: 'approved', reason: null },
      },
    ]);
    await Promise.all(live.map((entry) => entry.client.disconnect()));
  });
});
