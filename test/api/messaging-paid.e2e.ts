import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes } from 'node:crypto';
import { ExpireCheckouts } from '#app/commerce';
import { FollowMessagePurchaseJob } from '#app/messaging';
import { RealtimePublisher } from '#app/realtime';
import { FixedClock, staffSession, type StaffSession, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform } from './commerce-fixtures.js';

/**
 * Paid messages (issue 22) through the real checkout: the sandbox acquirer's hosted page and its
 * signed webhooks. A pay-per-view message opens for its recipient only once paid and is booked like
 * any sale; a tip in a conversation shows once; a fan's message to a creator who charges per
 * message reaches them only once paid.
 */
const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let admin: StaffSession;
let albumId: string;
const published: { topic: string; event: string; payload: Record<string, unknown> }[] = [];

interface Fan {
  userId: string;
  token: string;
}

const newFan = async (): Promise<Fan> => {
  const fan = await f.newFan();
  return { userId: fan.session.user.id, token: fan.session.access_token };
};
const buy = (token: string, body: Record<string, unknown>, key = newKey()) =>
  call(platform, 'POST', '/api/purchases', token, { method: 'card', ...body }, { 'idempotency-key': key });
const send = (token: string, conversationId: string, body: Record<string, unknown>) =>
  call(platform, 'POST', `/api/messages/conversations/${conversationId}/messages`, token, {
    clientId: randomBytes(8).toString('hex'),
    ...body,
  });
const thread = async (token: string, conversationId: string) =>
  (await call(platform, 'GET', `/api/messages/conversations/${conversationId}/messages`, token)).body.items as Record<
    string,
    unknown
  >[];
const messageOf = async (token: string, conversationId: string, id: string) =>
  (await thread(token, conversationId)).find((message) => message.id === id);
const media = (token: string, conversationId: string, messageId: string) =>
  call(platform, 'GET', `/api/messages/conversations/${conversationId}/messages/${messageId}/media/${albumId}`, token);
const unlockRows = async (messageId: string) =>
  await f
    .db()
    .execute<{ buyer_id: string; purchase_id: string }[]>(
      `select buyer_id, purchase_id from message_unlocks where message_id = ?`,
      [messageId],
    );

async function conversationWith(fan: Fan): Promise<string> {
  const opened = await call(platform, 'POST', '/api/messages/conversations', fan.token, { storeSlug: f.slug });
  if (opened.status !== 201 && opened.status !== 200)
    throw new Error(`open conversation: ${opened.status} ${opened.text}`);
  return opened.body.id as string;
}

/** The creator takes a priced message back, as the thread's unsend button does. */
async function unsend(conversationId: string, messageId: string): Promise<void> {
  const answer = await call(
    platform,
    'POST',
    `/api/messages/conversations/${conversationId}/messages/${messageId}/unsend`,
    f.creator.token,
  );
  expect(answer.status).toBe(200);
}

/** The creator sends the album for a price in the fan's conversation. */
async function priced(conversationId: string, priceMinor = 700): Promise<string> {
  // Each its own text: the same text to many conversations is the duplicate-message spam rule's.
  const sent = await send(f.creator.token, conversationId, {
    text: `Just for you ${randomBytes(3).toString('hex')}`,
    attachments: [albumId],
    priceMinor,
  });
  expect(sent.status).toBe(201);
  return sent.body.id as string;
}

async function unlockPaid(fan: Fan, messageId: string): Promise<string> {
  const created = await buy(fan.token, { kind: 'message', messageId });
  expect(created).toMatchObject({ status: 201, body: { kind: 'message', status: 'requires_action' } });
  await f.settle(created.body.id);
  await platform.drain();
  return created.body.id as string;
}

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  admin = await staffSession(platform, 'admin', () => clock.now());
  albumId = await f.approvedItem('album', 900, 'Studio album');
  for (const app of [platform.api, platform.worker!]) {
    const publisher = app.get(RealtimePublisher);
    const publish = publisher.publish.bind(publisher);
    publisher.publish = async (topic, event, payload) => {
      published.push({ topic, event, payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown> });
      return publish(topic, event, payload);
    };
  }
}, 120_000);

afterAll(async () => {
  // Nothing may be left in the shared outbox: another suite's worker would deliver it.
  await platform?.drain(30_000);
  await platform?.close();
});

describe('pay-per-view messages', () => {
  it('a PPV message unlocked and booked in the ledger', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const sent = await send(f.creator.token, conversationId, {
      text: 'Just for you',
      attachments: [albumId],
      priceMinor: 700,
    });
    // The sender's own view: priced, open to them, nobody bought it yet.
    expect(sent).toMatchObject({
      status: 201,
      body: {
        kind: 'message',
        price: { amountMinor: 700, currency: 'USD' },
        locked: false,
        unlockCount: 0,
        status: 'sent',
        withdrawn: false,
        tip: null,
      },
    });
    const messageId = sent.body.id as string;

    // Announced live as its recipient sees it before paying: locked, and no link to anything.
    const announced = published.filter(
      (entry) =>
        entry.topic === `conversation:${conversationId}` && entry.event === 'message' && entry.payload.id === messageId,
    );
    expect(announced).toHaveLength(1);
    expect(announced[0].payload).toMatchObject({
      locked: true,
      price: { amountMinor: 700 },
      attachments: [{ contentId: albumId, locked: true }],
    });
    expect(JSON.stringify(announced[0].payload)).not.toMatch(/url/i);

    // The fan sees the text, the price and the attachment listed, and cannot open it: 402 before paying.
    expect(await messageOf(fan.token, conversationId, messageId)).toMatchObject({
      text: 'Just for you',
      locked: true,
      unlockCount: null,
      attachments: [{ contentId: albumId, kind: 'album', locked: true }],
    });
    expect(await media(fan.token, conversationId, messageId)).toMatchObject({
      status: 402,
      body: { code: 'payment_required' },
    });
    expect((await media(f.creator.token, conversationId, messageId)).status).toBe(200);

    const purchaseId = await unlockPaid(fan, messageId);
    expect(await unlockRows(messageId)).toEqual([{ buyer_id: fan.userId, purchase_id: purchaseId }]);
    expect(await messageOf(fan.token, conversationId, messageId)).toMatchObject({
      locked: false,
      attachments: [{ locked: false }],
    });
    expect(await media(fan.token, conversationId, messageId)).toMatchObject({
      status: 200,
      body: { contentId: albumId, media: [expect.objectContaining({ fileUrl: expect.any(String) })] },
    });
    expect(await messageOf(f.creator.token, conversationId, messageId)).toMatchObject({
      unlockCount: 1,
      locked: false,
    });

    // Booked as a sale with the same split as an item of the same price: the creator's share, held as pending earnings.
    const booked = async (saleId: string) =>
      f.db().execute<{ description: string; account: string; amount_minor: string }[]>(
        `select t.description, a.kind as account, e.amount_minor from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.sale_id = ? and t.kind = 'sale' order by a.kind`,
        [saleId],
      );
    const rows = await booked(purchaseId);
    expect(rows[0]).toBeDefined();
    expect(rows.every((row) => row.description === 'Message: Commerce Shop')).toBe(true);
    const itemId = await f.approvedItem('video', 700, 'Same price');
    const item = await buy(fan.token, { kind: 'content', contentId: itemId });
    await f.settle(item.body.id);
    await platform.drain();
    const shares = (entries: { account: string; amount_minor: string }[]) =>
      entries.map((row) => [row.account, Number(row.amount_minor)]);
    expect(shares(rows)).toEqual(shares(await booked(item.body.id)));
    expect(shares(rows)).toContainEqual(['earnings_pending', expect.any(Number)]);

    // In the creator's sales and the fan's purchase history.
    const sales = await call(platform, 'GET', '/api/sales', f.creator.token);
    expect(sales.body.items).toContainEqual(
      expect.objectContaining({
        id: purchaseId,
        kind: 'message',
        title: 'Message: Commerce Shop',
        grossMinor: 700,
        status: 'paid',
      }),
    );
    const history = await call(platform, 'GET', '/api/purchases', fan.token);
    expect(history.body.items).toContainEqual(
      expect.objectContaining({
        id: purchaseId,
        kind: 'message',
        contentTitle: 'Message: Commerce Shop',
        status: 'paid',
        amountMinor: 700,
      }),
    );

    // The creator hears of it as a sale of the message.
    expect(
      await f.db().execute(`select kind, text from creator_notifications where purchase_id = ?`, [purchaseId]),
    ).toEqual([{ kind: 'sale', text: expect.stringContaining('"Message: Commerce Shop"') }]);

    // Once is enough: a second unlock is refused.
    expect(await buy(fan.token, { kind: 'message', messageId })).toMatchObject({
      status: 409,
      body: { code: 'already_unlocked' },
    });
  });

  it('a refund removes the unlock', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const messageId = await priced(conversationId);
    const purchaseId = await unlockPaid(fan, messageId);
    expect((await media(fan.token, conversationId, messageId)).status).toBe(200);
    expect(await call(platform, 'POST', `/api/admin/purchases/${purchaseId}/refund`, admin.token)).toMatchObject({
      status: 200,
      body: { status: 'refunded' },
    });
    await platform.drain();
    expect(await unlockRows(messageId)).toEqual([]);
    expect(await media(fan.token, conversationId, messageId)).toMatchObject({
      status: 402,
      body: { code: 'payment_required' },
    });
    expect(await messageOf(fan.token, conversationId, messageId)).toMatchObject({ locked: true });
    // The job that follows the purchase is idempotent: run again, it changes nothing.
    expect(await platform.worker!.get(FollowMessagePurchaseJob).handle({ purchaseId } as never)).toBe('unchanged');
    // Refunded, the fan may buy it again.
    expect((await buy(fan.token, { kind: 'message', messageId })).status).toBe(201);
  });

  it('another fan cannot buy or open it, nor can its sender buy it', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const messageId = await priced(conversationId);
    const stranger = await newFan();
    await conversationWith(stranger);
    expect(await buy(stranger.token, { kind: 'message', messageId })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });
    expect(await media(stranger.token, conversationId, messageId)).toMatchObject({
      status: 404,
      body: { code: 'conversation_not_found' },
    });
    expect(await buy(f.creator.token, { kind: 'message', messageId })).toMatchObject({
      status: 409,
      body: { code: 'own_message' },
    });
    // A message without a price is not for sale.
    const free = await send(f.creator.token, conversationId, {
      text: `free one ${randomBytes(3).toString('hex')}`,
      attachments: [albumId],
    });
    expect(await buy(fan.token, { kind: 'message', messageId: free.body.id })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });
    expect(await f.db().execute(`select 1 from purchases where message_id = ?`, [messageId])).toEqual([]);
  });

  it('a withdrawn message cannot be bought; a capture that arrives after the withdrawal still unlocks it', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const first = await priced(conversationId);
    await unsend(conversationId, first);
    expect(await buy(fan.token, { kind: 'message', messageId: first })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });

    const second = await priced(conversationId);
    const created = await buy(fan.token, { kind: 'message', messageId: second });
    expect(created.status).toBe(201);
    await unsend(conversationId, second);
    await f.settle(created.body.id);
    await platform.drain();
    // The buyer paid: they keep it, and see that it was withdrawn.
    expect(await unlockRows(second)).toEqual([{ buyer_id: fan.userId, purchase_id: created.body.id }]);
    expect((await media(fan.token, conversationId, second)).status).toBe(200);
    expect(await messageOf(fan.token, conversationId, second)).toMatchObject({ locked: false, withdrawn: true });
  });

  it('refuses bad unlock requests and a price from a fan or without media', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    expect(await buy(fan.token, { kind: 'message' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await buy(fan.token, { kind: 'message', messageId: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await buy(fan.token, { kind: 'message_fee', messageId: randomUUIDv7Like() })).toMatchObject({ status: 400 });
    expect(await buy(fan.token, { kind: 'message', messageId: randomUUIDv7Like() })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });
    expect(await send(fan.token, conversationId, { text: 'pay me', priceMinor: 500 })).toMatchObject({
      status: 403,
      body: { code: 'price_not_allowed' },
    });
    expect(await send(f.creator.token, conversationId, { text: 'no media', priceMinor: 500 })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    for (const priceMinor of [49, 100_001, 5.5, '500']) {
      expect(
        await send(f.creator.token, conversationId, { text: 'x', attachments: [albumId], priceMinor }),
      ).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    }
    expect((await thread(fan.token, conversationId)).filter((message) => message.price !== null)).toEqual([]);
  });
});

describe('a priced mass message', () => {
  it('is unlocked by a fan through the checkout, counted in its sales, and kept by that fan when unsent', async () => {
    const buyer = await newFan();
    const other = await newFan();
    for (const fan of [buyer, other])
      expect((await call(platform, 'PUT', `/api/favorites/${f.slug}`, fan.token)).status).toBeLessThan(300);
    const sent = await call(platform, 'POST', '/api/messages/mass-messages', f.creator.token, {
      clientId: randomBytes(8).toString('hex'),
      segment: 'favourites',
      text: 'A new set for my favourites',
      attachments: [albumId],
      priceMinor: 600,
    });
    expect(sent.status).toBe(202);
    const massId = sent.body.id as string;
    await platform.drain(60_000);
    const copyFor = async (fan: Fan) => {
      const conversationId = await conversationWith(fan);
      return {
        conversationId,
        message: (await thread(fan.token, conversationId)).find((message) => message.massMessageId === massId),
      };
    };
    const bought = await copyFor(buyer);
    expect(bought.message).toMatchObject({
      locked: true,
      price: { amountMinor: 600, currency: 'USD' },
      withdrawn: false,
    });
    const messageId = bought.message!.id as string;
    expect((await media(buyer.token, bought.conversationId, messageId)).status).toBe(402);

    const purchaseId = await unlockPaid(buyer, messageId);
    expect(await unlockRows(messageId)).toEqual([{ buyer_id: buyer.userId, purchase_id: purchaseId }]);
    const report = await call(platform, 'GET', `/api/messages/mass-messages/${massId}`, f.creator.token);
    expect(report.body).toMatchObject({ status: 'sent', unlocks: 1, revenueMinor: 600, currency: 'USD' });
    expect(report.body.delivered).toBeGreaterThanOrEqual(2);

    const unsent = await call(platform, 'POST', `/api/messages/mass-messages/${massId}/unsend`, f.creator.token);
    expect(unsent).toMatchObject({ status: 200, body: { keptBy: 1 } });
    expect(unsent.body.withdrawnFrom).toBeGreaterThanOrEqual(1);
    // The buyer keeps what they paid for; the other fan's copy is gone.
    expect(await messageOf(buyer.token, bought.conversationId, messageId)).toMatchObject({
      locked: false,
      withdrawn: true,
    });
    expect((await media(buyer.token, bought.conversationId, messageId)).status).toBe(200);
    expect((await copyFor(other)).message).toBeUndefined();
  }, 120_000);
});

describe('tips in a conversation', () => {
  it('shows a paid tip once in the conversation, live, even when the webhook is replayed', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const created = await buy(fan.token, {
      kind: 'tip',
      storeSlug: f.slug,
      amountMinor: 500,
      message: 'Thanks for the album',
      conversationId,
    });
    expect(created).toMatchObject({ status: 201, body: { kind: 'tip' } });
    await f.settle(created.body.id);
    await platform.drain();

    const tips = async () =>
      (await thread(f.creator.token, conversationId)).filter((message) => message.kind === 'tip');
    expect(await tips()).toEqual([
      expect.objectContaining({
        senderId: fan.userId,
        text: 'Thanks for the album',
        tip: { amountMinor: 500, currency: 'USD' },
        price: null,
      }),
    ]);
    expect(
      published.filter(
        (entry) =>
          entry.topic === `conversation:${conversationId}` &&
          entry.event === 'message' &&
          (entry.payload.tip as { amountMinor?: number } | null)?.amountMinor === 500,
      ),
    ).toHaveLength(1);
    expect(
      published.some(
        (entry) =>
          entry.topic === `user:${f.creator.userId}` &&
          entry.event === 'unread' &&
          entry.payload.conversationId === conversationId,
      ),
    ).toBe(true);

    // The acquirer sends the capture again (a new event id): nothing changes; the job run again stores nothing.
    const [purchase] = await f
      .db()
      .execute<{ provider_payment_id: string; checkout_id: string }[]>(
        `select provider_payment_id, checkout_id from purchases where id = ?`,
        [created.body.id],
      );
    const replay = await replayCapture(created.body.id, purchase.provider_payment_id, purchase.checkout_id);
    expect(replay.outcome).toBe('ignored');
    await platform.drain();
    expect(await platform.worker!.get(FollowMessagePurchaseJob).handle({ purchaseId: created.body.id } as never)).toBe(
      'unchanged',
    );
    expect(await tips()).toHaveLength(1);
    expect((await call(platform, 'GET', '/api/sales', f.creator.token)).body.items).toContainEqual(
      expect.objectContaining({ id: created.body.id, kind: 'tip', message: 'Thanks for the album' }),
    );
  });

  it("refuses a tip naming someone else's conversation", async () => {
    const fan = await newFan();
    await conversationWith(fan);
    const other = await newFan();
    const theirs = await conversationWith(other);
    expect(
      await buy(fan.token, { kind: 'tip', storeSlug: f.slug, amountMinor: 500, conversationId: theirs }),
    ).toMatchObject({ status: 404, body: { code: 'conversation_not_found' } });
    expect(
      await buy(fan.token, { kind: 'tip', storeSlug: f.slug, amountMinor: 500, conversationId: 'x' }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await buy(fan.token, { kind: 'content', contentId: albumId, conversationId: theirs })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
  });
});

// Last: the creator's price per message applies to every fan message from here on.
describe('a price per message', () => {
  it('paid-per-message delivered only after payment', async () => {
    expect(
      (await call(platform, 'PUT', '/api/messages/settings', f.creator.token, { audience: 'paid', priceMinor: 250 }))
        .status,
    ).toBe(200);
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const held = await send(fan.token, conversationId, { text: 'Can I ask you something?' });
    expect(held).toMatchObject({
      status: 202,
      body: {
        message: { status: 'awaiting_payment', text: 'Can I ask you something?', senderId: fan.userId },
        purchase: { kind: 'message_fee', status: 'requires_action', amountMinor: 250, currency: 'USD' },
      },
    });
    const messageId = held.body.message.id as string;
    const purchaseId = held.body.purchase.id as string;
    // The creator sees nothing of it: not in the thread, no unread, nothing announced; the fan sees it waiting.
    expect(await messageOf(f.creator.token, conversationId, messageId)).toBeUndefined();
    const unread = async () =>
      (
        await f
          .db()
          .execute<{ unread_count: number }[]>(
            `select unread_count from conversation_members where conversation_id = ? and user_id = ?`,
            [conversationId, f.creator.userId],
          )
      )[0].unread_count;
    expect(await unread()).toBe(0);
    const announcedOf = () =>
      published.filter(
        (entry) =>
          entry.topic === `conversation:${conversationId}` &&
          entry.event === 'message' &&
          entry.payload.id === messageId,
      );
    expect(announcedOf()).toEqual([]);
    expect(await messageOf(fan.token, conversationId, messageId)).toMatchObject({ status: 'awaiting_payment' });
    // Asked again while its checkout is open, the same checkout answers; the creator cannot pay it, nor can a stranger.
    expect(
      await call(
        platform,
        'POST',
        `/api/messages/conversations/${conversationId}/messages/${messageId}/pay`,
        fan.token,
      ),
    ).toMatchObject({ status: 201, body: { id: purchaseId } });
    expect(
      await call(
        platform,
        'POST',
        `/api/messages/conversations/${conversationId}/messages/${messageId}/pay`,
        f.creator.token,
      ),
    ).toMatchObject({ status: 404, body: { code: 'message_not_found' } });
    const stranger = await newFan();
    expect(
      await call(
        platform,
        'POST',
        `/api/messages/conversations/${conversationId}/messages/${messageId}/pay`,
        stranger.token,
      ),
    ).toMatchObject({ status: 404, body: { code: 'conversation_not_found' } });

    await f.settle(purchaseId);
    await platform.drain();
    expect(await messageOf(f.creator.token, conversationId, messageId)).toMatchObject({
      status: 'sent',
      text: 'Can I ask you something?',
    });
    expect(await unread()).toBe(1);
    expect(announcedOf()).toHaveLength(1);
    expect((await call(platform, 'GET', '/api/sales', f.creator.token)).body.items).toContainEqual(
      expect.objectContaining({
        id: purchaseId,
        kind: 'message_fee',
        title: 'Paid message to Commerce Shop',
        grossMinor: 250,
      }),
    );
    expect(
      await call(
        platform,
        'POST',
        `/api/messages/conversations/${conversationId}/messages/${messageId}/pay`,
        fan.token,
      ),
    ).toMatchObject({ status: 409, body: { code: 'not_awaiting_payment' } });
    // The job run again delivers nothing twice.
    expect(await platform.worker!.get(FollowMessagePurchaseJob).handle({ purchaseId } as never)).toBe('unchanged');
    expect(await unread()).toBe(1);
  });

  it('a held message whose checkout expired stays waiting and is paid again with a new checkout', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const held = await send(fan.token, conversationId, { text: `One question ${randomBytes(3).toString('hex')}` });
    expect(held.status).toBe(202);
    expect(await platform.worker!.get(ExpireCheckouts).expire(held.body.purchase.id)).toBe('expired');
    expect(await messageOf(fan.token, conversationId, held.body.message.id)).toMatchObject({
      status: 'awaiting_payment',
    });
    const again = await call(
      platform,
      'POST',
      `/api/messages/conversations/${conversationId}/messages/${held.body.message.id}/pay`,
      fan.token,
    );
    expect(again).toMatchObject({ status: 201, body: { kind: 'message_fee', status: 'requires_action' } });
    expect(again.body.id).not.toBe(held.body.purchase.id);
    await f.settle(again.body.id);
    await platform.drain();
    expect(await messageOf(f.creator.token, conversationId, held.body.message.id)).toMatchObject({ status: 'sent' });
    expect(
      (await call(platform, 'PUT', '/api/messages/settings', f.creator.token, { audience: 'signed_in' })).status,
    ).toBe(200);
  });
});

/** A UUIDv7 no message has. */
function randomUUIDv7Like(): string {
  const hex = randomBytes(16).toString('hex');
  const ms = Date.now().toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The acquirer's capture delivered again under a new event id, signed as it signs its webhooks. */
async function replayCapture(purchaseId: string, paymentId: string, checkoutId: string): Promise<{ outcome: string }> {
  const [row] = await f
    .db()
    .execute<{ amount_minor: string; currency: string }[]>(
      `select amount_minor, currency from purchases where id = ?`,
      [purchaseId],
    );
  const data = {
    id: paymentId,
    object: 'payment',
    status: 'succeeded',
    amount: Number(row.amount_minor),
    currency: row.currency,
    reference: purchaseId,
    checkout_session: checkoutId,
    initiated_by: 'customer',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035 },
    payment_method: null,
    failure_message: null,
    created: new Date().toISOString(),
  };
  const body = JSON.stringify({
    id: `evt_replay_${randomBytes(6).toString('hex')}`,
    type: 'payment.succeeded',
    created: new Date().toISOString(),
    data,
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', f.acquirer.webhookSecrets[0]).update(`${t}.${body}`).digest('hex')}`;
  const response = await fetch(`${platform.baseUrl}/api/payments/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'acquirer-signature': signature },
    body,
  });
  return (await response.json()) as { outcome: string };
}
