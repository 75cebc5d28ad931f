import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { QueryBus } from '@nestjs/cqrs';
import { ExpireCheckouts, MessageOfferQuery } from '#app/commerce';
import { FollowMessagePurchaseJob } from '#app/messaging';
import { RealtimePublisher } from '#app/realtime';
import { FixedClock, type ApiResponse, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform } from './commerce-fixtures.js';

/**
 * Issue 33 (trust boundary), messaging's part, through the real checkout: a block closes every paid
 * path into a conversation, and a paid message is sold at the terms in force when it was sent.
 */
const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let albumId: string;

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
const settings = (body: Record<string, unknown>) =>
  call(platform, 'PUT', '/api/messages/settings', f.creator.token, body);

async function conversationWith(fan: Fan): Promise<string> {
  const opened = await call(platform, 'POST', '/api/messages/conversations', fan.token, { storeSlug: f.slug });
  if (opened.status !== 201 && opened.status !== 200)
    throw new Error(`open conversation: ${opened.status} ${opened.text}`);
  return opened.body.id as string;
}

async function priced(conversationId: string, priceMinor = 700): Promise<string> {
  const sent = await send(f.creator.token, conversationId, {
    text: `Just for you ${randomBytes(3).toString('hex')}`,
    attachments: [albumId],
    priceMinor,
  });
  expect(sent.status).toBe(201);
  return sent.body.id as string;
}

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  albumId = await f.approvedItem('album', 900, 'Trust album');
}, 120_000);

afterAll(async () => {
  await platform?.drain(30_000);
  await platform?.close();
});

describe('a block closes every paid path into the conversation', () => {
  it('refuses tips, unlocks and fees once the creator blocked the fan, and delivers no note paid after the block', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const messageId = await priced(conversationId);
    // A tip with a note whose checkout opened before the block.
    const early = await buy(fan.token, {
      kind: 'tip',
      storeSlug: f.slug,
      amountMinor: 500,
      message: 'Before the block',
      conversationId,
    });
    expect(early.status).toBe(201);

    expect(
      (await call(platform, 'PUT', `/api/messages/conversations/${conversationId}/block`, f.creator.token)).status,
    ).toBe(200);
    const refused = { status: 403, body: { code: 'conversation_blocked' } };
    expect(
      await buy(fan.token, {
        kind: 'tip',
        storeSlug: f.slug,
        amountMinor: 500,
        message: 'Let me back in',
        conversationId,
      }),
    ).toMatchObject(refused);
    expect(
      await buy(fan.token, { kind: 'tip', storeSlug: f.slug, amountMinor: 500, message: 'Still here' }),
    ).toMatchObject(refused);
    expect(await buy(fan.token, { kind: 'message', messageId })).toMatchObject(refused);
    expect(
      await f.db().execute(`select 1 from purchases where buyer_id = ? and id <> ?`, [fan.userId, early.body.id]),
    ).toEqual([]);

    // Captured after the block: the payment is booked, the note stays out of the thread.
    await f.settle(early.body.id);
    await platform.drain();
    expect((await thread(f.creator.token, conversationId)).filter((message) => message.kind === 'tip')).toEqual([]);
    expect(await platform.worker!.get(FollowMessagePurchaseJob).handle({ purchaseId: early.body.id } as never)).toBe(
      'blocked',
    );
    const [creatorSide] = await f
      .db()
      .execute<{ unread_count: number }[]>(
        `select unread_count from conversation_members where conversation_id = ? and user_id = ?`,
        [conversationId, f.creator.userId],
      );
    expect(creatorSide.unread_count).toBe(0);

    // Lifted, the same paths open again.
    expect(
      (await call(platform, 'DELETE', `/api/messages/conversations/${conversationId}/block`, f.creator.token)).status,
    ).toBe(200);
    expect((await buy(fan.token, { kind: 'message', messageId })).status).toBe(201);
  });

  it('a held message: its fee cannot be paid during a block, and a fee captured after the block does not deliver it', async () => {
    expect((await settings({ audience: 'paid', priceMinor: 250 })).status).toBe(200);
    try {
      const fan = await newFan();
      const conversationId = await conversationWith(fan);
      const held = await send(fan.token, conversationId, { text: `Held question ${randomBytes(3).toString('hex')}` });
      expect(held.status).toBe(202);
      const messageId = held.body.message.id as string;
      expect(
        (await call(platform, 'PUT', `/api/messages/conversations/${conversationId}/block`, f.creator.token)).status,
      ).toBe(200);
      const pay = await call(
        platform,
        'POST',
        `/api/messages/conversations/${conversationId}/messages/${messageId}/pay`,
        fan.token,
      );
      expect(pay).toMatchObject({ status: 403, body: { code: 'conversation_blocked' } });

      await f.settle(held.body.purchase.id);
      await platform.drain();
      expect(
        (await thread(f.creator.token, conversationId)).find((message) => message.id === messageId),
      ).toBeUndefined();
      expect(
        (await f.db().execute<{ status: string }[]>(`select status from messages where id = ?`, [messageId]))[0].status,
      ).toBe('awaiting_payment');
    } finally {
      expect((await settings({ audience: 'signed_in' })).status).toBe(200);
    }
  });
});

describe('the account export', () => {
  const exported = async (token: string) => {
    const response = await fetch(`${platform.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      messages: { conversation: { id: string; myRole: string }; messages: Record<string, unknown>[] }[];
    };
  };

  it("holds the person's conversations: text, tips, paid messages with their state and media by reference", async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    expect((await send(fan.token, conversationId, { text: 'Hello for the export' })).status).toBe(201);
    const pricedId = await priced(conversationId, 800);
    const tip = await buy(fan.token, {
      kind: 'tip',
      storeSlug: f.slug,
      amountMinor: 400,
      message: 'A tip for the export',
      conversationId,
    });
    await f.settle(tip.body.id);
    await platform.drain();

    const mine = (await exported(fan.token)).messages;
    expect(mine).toEqual([
      expect.objectContaining({ conversation: expect.objectContaining({ id: conversationId, myRole: 'fan' }) }),
    ]);
    expect(mine[0].messages).toEqual([
      expect.objectContaining({ senderId: fan.userId, text: 'Hello for the export', kind: 'message' }),
      expect.objectContaining({
        id: pricedId,
        price: { amountMinor: 800, currency: 'USD' },
        locked: true,
        attachments: [expect.objectContaining({ contentId: albumId, locked: true })],
      }),
      expect.objectContaining({
        kind: 'tip',
        text: 'A tip for the export',
        tip: { amountMinor: 400, currency: 'USD' },
      }),
    ]);
    const creatorSide = (await exported(f.creator.token)).messages.find(
      (entry) => entry.conversation.id === conversationId,
    );
    expect(creatorSide?.conversation.myRole).toBe('creator');
    expect(creatorSide?.messages.find((message) => message.id === pricedId)).toMatchObject({
      unlockCount: 0,
      locked: false,
    });
    // Someone else's export holds none of it.
    const stranger = await newFan();
    await conversationWith(stranger);
    expect(JSON.stringify((await exported(stranger.token)).messages)).not.toContain(conversationId);
  });
});

describe('the link rule for new fans', () => {
  it.each(['ｅｖｉｌ．ｃｏｍ', 'evil。com', '203.0.113.7:8080/x'])('refuses %j and stores nothing', async (text) => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    expect(await send(fan.token, conversationId, { text })).toMatchObject({
      status: 403,
      body: { code: 'links_not_allowed' },
    });
    expect(await thread(fan.token, conversationId)).toEqual([]);
  });
});

describe('a paid message is sold at the terms in force when it was sent', () => {
  it('charges a held message the price per message of its sending, not the one set since', async () => {
    expect((await settings({ audience: 'paid', priceMinor: 250 })).status).toBe(200);
    try {
      const fan = await newFan();
      const conversationId = await conversationWith(fan);
      const held = await send(fan.token, conversationId, { text: `Priced question ${randomBytes(3).toString('hex')}` });
      expect(held).toMatchObject({ status: 202, body: { purchase: { amountMinor: 250 } } });
      // The creator raises the price; the fan's first checkout lapses and they pay with a new one.
      expect((await settings({ audience: 'paid', priceMinor: 900 })).status).toBe(200);
      expect(await platform.worker!.get(ExpireCheckouts).expire(held.body.purchase.id)).toBe('expired');
      const again = await call(
        platform,
        'POST',
        `/api/messages/conversations/${conversationId}/messages/${held.body.message.id}/pay`,
        fan.token,
      );
      expect(again).toMatchObject({ status: 201, body: { kind: 'message_fee', amountMinor: 250 } });
    } finally {
      expect((await settings({ audience: 'signed_in' })).status).toBe(200);
    }
  });
});

describe('a withdrawal racing a checkout', () => {
  it('ends a purchase whose message was withdrawn between the offer and the write: no checkout opens', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    const messageId = await priced(conversationId);
    // The unsend commits right after messaging answered the checkout's offer, before commerce writes the purchase.
    const bus = platform.api.get(QueryBus);
    const execute = bus.execute.bind(bus);
    let unsent: ApiResponse | null = null;
    bus.execute = (async (query: object) => {
      const answer = await execute(query as never);
      if (query instanceof MessageOfferQuery && query.messageId === messageId && !unsent) {
        unsent = await call(
          platform,
          'POST',
          `/api/messages/conversations/${conversationId}/messages/${messageId}/unsend`,
          f.creator.token,
        );
      }
      return answer;
    }) as typeof bus.execute;
    let bought: ApiResponse;
    try {
      bought = await buy(fan.token, { kind: 'message', messageId });
    } finally {
      bus.execute = execute;
    }
    expect(unsent).toMatchObject({ status: 200, body: { withdrawnFrom: 1, keptBy: 0 } });
    expect(bought).toMatchObject({ status: 404, body: { code: 'message_not_found' } });
    const rows = await f
      .db()
      .execute<{ status: string; checkout_url: string | null }[]>(
        `select status, checkout_url from purchases where message_id = ?`,
        [messageId],
      );
    expect(rows.filter((row) => row.status !== 'expired' || row.checkout_url !== null)).toEqual([]);
  });
});

describe("a purchase's live notices", () => {
  it('reach the fan and the creator through the outbox even when the first publish fails', async () => {
    const publisher = platform.worker!.get(RealtimePublisher);
    const publish = publisher.publish.bind(publisher);
    const heard: { topic: string; event: string; payload: Record<string, unknown> }[] = [];
    let failures = 1;
    publisher.publish = async (topic, event, payload) => {
      if (event === 'purchase.paid' && failures > 0) {
        failures -= 1;
        throw new Error('realtime bus unavailable');
      }
      heard.push({ topic, event, payload });
      return publish(topic, event, payload);
    };
    try {
      const fan = await newFan();
      const tip = await buy(fan.token, { kind: 'tip', storeSlug: f.slug, amountMinor: 350 });
      await f.settle(tip.body.id);
      await platform.drain(30_000);
      const of = (event: string) =>
        heard.filter((entry) => entry.event === event && entry.payload.purchaseId === tip.body.id);
      expect(failures).toBe(0);
      expect(of('purchase.paid')).toEqual([
        {
          topic: `user:${fan.userId}`,
          event: 'purchase.paid',
          payload: { eventId: expect.any(String), purchaseId: tip.body.id, kind: 'tip' },
        },
      ]);
      expect(of('creator.activity')).toEqual([
        expect.objectContaining({
          topic: `user:${f.creator.userId}`,
          payload: expect.objectContaining({ eventId: of('purchase.paid')[0].payload.eventId }),
        }),
      ]);
    } finally {
      publisher.publish = publish;
    }
  });
});
