import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConversationTopicPolicy } from '#app/messaging';
import { startMessagingPlatform, type Creator, type Fan, type MessagingFixtures } from './messaging-fixtures.js';

/** Conversations (issue 22): who may write, sending and paging, read receipts and unread counts, search. */
let f: MessagingFixtures;
let creator: Creator;
let fan: Fan;
let conversationId: string;

beforeAll(async () => {
  f = await startMessagingPlatform({ acquirer: true });
  creator = await f.creator('talk');
  fan = await f.fan();
}, 120_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('opening a conversation', () => {
  it('opens one conversation per fan and creator: 201 the first time, 200 with the same one after, from either side', async () => {
    const first = await f.call('POST', '/api/messages/conversations', fan.token, { storeSlug: creator.slug });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      myRole: 'fan',
      counterpart: { userId: creator.userId, name: 'talk studio', storeSlug: creator.slug },
      unreadCount: 0,
      lastMessage: null,
      messagePrice: null,
      closed: false,
    });
    conversationId = first.body.id;
    const again = await f.call('POST', '/api/messages/conversations', fan.token, {
      storeSlug: creator.slug.toUpperCase(),
    });
    expect(again).toMatchObject({ status: 200, body: { id: conversationId } });
    const fromCreator = await f.call('POST', '/api/messages/conversations', creator.token, { fanId: fan.userId });
    expect(fromCreator).toMatchObject({
      status: 200,
      body: { id: conversationId, myRole: 'creator', counterpart: { userId: fan.userId, storeSlug: null } },
    });
    expect(fromCreator.body.counterpart.name).toMatch(/^fan••[0-9a-f]{4}$/);
    expect(
      (
        await f
          .db()
          .execute(`select 1 from conversations where fan_id = ? and creator_id = ?`, [fan.userId, creator.userId])
      ).length,
    ).toBe(1);
  });

  it('refuses a store that does not exist, and writing to yourself', async () => {
    expect(
      (await f.call('POST', '/api/messages/conversations', fan.token, { storeSlug: 'no-such-store-here' })).body.code,
    ).toBe('store_not_found');
    expect(
      (await f.call('POST', '/api/messages/conversations', creator.token, { storeSlug: creator.slug })).body.code,
    ).toBe('own_store');
    expect(
      (await f.call('POST', '/api/messages/conversations', creator.token, { fanId: creator.userId })).body.code,
    ).toBe('own_store');
  });

  it('lets a creator write first only to fans of their store (subscriber, buyer or favourite), and a fan with no store write to nobody as a creator', async () => {
    const stranger = await f.fan();
    const refused = await f.call('POST', '/api/messages/conversations', creator.token, { fanId: stranger.userId });
    expect(refused).toMatchObject({ status: 403, body: { code: 'no_relationship' } });
    expect((await f.call('PUT', `/api/favorites/${creator.slug}`, stranger.token)).status).toBe(204);
    const opened = await f.call('POST', '/api/messages/conversations', creator.token, { fanId: stranger.userId });
    expect(opened).toMatchObject({ status: 201, body: { myRole: 'creator' } });
    const lapsed = await f.fan();
    await f.subscribe(lapsed, creator, 'expired');
    expect((await f.call('POST', '/api/messages/conversations', creator.token, { fanId: lapsed.userId })).status).toBe(
      201,
    );
    expect(
      (await f.call('POST', '/api/messages/conversations', stranger.token, { fanId: lapsed.userId })).body.code,
    ).toBe('not_a_creator');
    expect(
      (
        await f.call('POST', '/api/messages/conversations', creator.token, {
          fanId: '00000000-0000-4000-8000-000000000000',
        })
      ).body.code,
    ).toBe('fan_not_found');
  });
});

describe("who may write to a creator (the creator's setting)", () => {
  it('keeps message settings to creators, and checks the price', async () => {
    expect((await f.call('GET', '/api/messages/settings', fan.token)).body.code).toBe('not_a_creator');
    expect((await f.call('PUT', '/api/messages/settings', fan.token, { audience: 'signed_in' })).body.code).toBe(
      'not_a_creator',
    );
    expect((await f.call('GET', '/api/messages/settings', creator.token)).body).toEqual({
      audience: 'signed_in',
      priceMinor: null,
      currency: null,
      storeCurrency: 'USD',
    });
    for (const body of [
      { audience: 'paid' },
      { audience: 'paid', priceMinor: 10 },
      { audience: 'subscribers', priceMinor: 300 },
      { audience: 'everyone' },
      { audience: 'paid', priceMinor: 2.5 },
    ]) {
      expect(await f.call('PUT', '/api/messages/settings', creator.token, body)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
    }
    expect((await f.call('GET', '/api/messages/settings', creator.token)).body.audience).toBe('signed_in');
  });

  it('subscribers only: a fan without a live subscription can neither open nor write, a subscriber can, the creator always replies', async () => {
    const setting = await f.call('PUT', '/api/messages/settings', creator.token, { audience: 'subscribers' });
    expect(setting.body).toEqual({ audience: 'subscribers', priceMinor: null, currency: null, storeCurrency: 'USD' });
    const outsider = await f.fan();
    expect(
      await f.call('POST', '/api/messages/conversations', outsider.token, { storeSlug: creator.slug }),
    ).toMatchObject({ status: 403, body: { code: 'subscribers_only' } });
    // The fan who opened before the change: refused now, until they subscribe.
    expect(await f.send(fan.token, conversationId, 'Hello there')).toMatchObject({
      status: 403,
      body: { code: 'subscribers_only' },
    });
    await f.subscribe(fan, creator);
    expect((await f.send(fan.token, conversationId, 'Hello there')).status).toBe(201);
    expect((await f.send(creator.token, conversationId, 'Hi, thanks for subscribing')).status).toBe(201);
    // A conversation the creator started stays open to the fan's replies.
    const invited = await f.fan();
    expect((await f.call('PUT', `/api/favorites/${creator.slug}`, invited.token)).status).toBe(204);
    const opened = await f.call('POST', '/api/messages/conversations', creator.token, { fanId: invited.userId });
    expect((await f.send(invited.token, opened.body.id, 'Thanks for writing!')).status).toBe(201);
  });

  it('a price per message: the conversation opens, every fan message is held for its price (messaging-paid.e2e.ts pays it), the creator writes freely', async () => {
    const setting = await f.call('PUT', '/api/messages/settings', creator.token, { audience: 'paid', priceMinor: 250 });
    expect(setting.body).toEqual({ audience: 'paid', priceMinor: 250, currency: 'USD', storeCurrency: 'USD' });
    const payer = await f.fan();
    const opened = await f.call('POST', '/api/messages/conversations', payer.token, { storeSlug: creator.slug });
    expect(opened).toMatchObject({ status: 201, body: { messagePrice: { priceMinor: 250, currency: 'USD' } } });
    // The acquirer is down (its fans pay in this suite's subscriptions): the checkout cannot open, the message stays
    // held for the pay route.
    await f.platform.acquirer!.stop();
    const held = await f
      .send(payer.token, opened.body.id, 'Can I ask something?')
      .finally(() => f.platform.acquirer!.restart());
    expect(held).toMatchObject({
      status: 202,
      body: { message: { status: 'awaiting_payment', text: 'Can I ask something?' }, purchase: null },
    });
    expect(await f.messageRows(opened.body.id)).toBe(1);
    expect(
      (await f.call('GET', `/api/messages/conversations/${opened.body.id}/messages`, creator.token)).body.items,
    ).toEqual([]);
    expect((await f.send(creator.token, opened.body.id, 'Welcome!')).status).toBe(201);
    await f.call('PUT', '/api/messages/settings', creator.token, { audience: 'signed_in' });
    expect((await f.send(payer.token, opened.body.id, 'Can I ask something?')).status).toBe(201);
  });
});

describe('sending and paging', () => {
  let pair: { fan: Fan; creator: Creator; id: string };
  const sentIds: string[] = [];

  beforeAll(async () => {
    const other = await f.fan();
    pair = { fan: other, creator, id: await f.open(other, creator) };
  });

  it('stores a message before announcing it, trimmed, with a UUIDv7 id, and announces it on the conversation', async () => {
    const answer = await f.send(pair.fan.token, pair.id, '   First message \u0007 \n\n\n\nwith lines   ', {
      clientId: 'client-1',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      conversationId: pair.id,
      senderId: pair.fan.userId,
      clientId: 'client-1',
      text: 'First message  \n\nwith lines',
      attachments: [],
    });
    expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    sentIds.push(answer.body.id);
    const announced = f.events(`conversation:${pair.id}`, 'message');
    expect(announced.at(-1)!.payload).toEqual(answer.body);
    expect(f.events(`user:${creator.userId}`, 'unread').at(-1)!.payload).toMatchObject({
      conversationId: pair.id,
      unread: 1,
    });
  });

  it('is idempotent by clientId: the same send answers the stored message (200) and stores nothing twice; reused elsewhere it is refused', async () => {
    const before = f.published.length;
    const again = await f.send(pair.fan.token, pair.id, 'a different text this time', { clientId: 'client-1' });
    expect(again).toMatchObject({ status: 200, body: { id: sentIds[0], text: 'First message  \n\nwith lines' } });
    expect(await f.messageRows(pair.id)).toBe(1);
    expect(f.published.length).toBe(before);
    const elsewhere = await f.open(pair.fan, await f.creator('second'));
    expect(await f.send(pair.fan.token, elsewhere, 'hello', { clientId: 'client-1' })).toMatchObject({
      status: 409,
      body: { code: 'client_id_reused' },
    });
  });

  it('refuses an empty or overlong message and a non-member, changing nothing', async () => {
    for (const text of ['', '   \n\t  ', 'x'.repeat(2001)])
      expect((await f.send(pair.fan.token, pair.id, text)).body.code).toBe('validation_failed');
    const outsider = await f.fan();
    expect(await f.send(outsider.token, pair.id, 'let me in')).toMatchObject({
      status: 404,
      body: { code: 'conversation_not_found' },
    });
    expect((await f.call('GET', `/api/messages/conversations/${pair.id}/messages`, outsider.token)).status).toBe(404);
    expect((await f.call('GET', `/api/messages/conversations/${pair.id}`, outsider.token)).status).toBe(404);
    expect(await f.messageRows(pair.id)).toBe(1);
  });

  it('pages newest first with `before`, and catches up in order with `after`', async () => {
    for (let n = 2; n <= 7; n++)
      sentIds.push((await f.sent(n % 2 ? pair.fan.token : creator.token, pair.id, `message ${n}`)).id);
    const path = `/api/messages/conversations/${pair.id}/messages`;
    const newest = await f.call('GET', `${path}?limit=3`, pair.fan.token);
    expect(newest.body.items.map((m: { id: string }) => m.id)).toEqual(sentIds.slice(4).reverse());
    expect(newest.body.hasMore).toBe(true);
    const older = await f.call('GET', `${path}?limit=3&before=${sentIds[4]}`, pair.fan.token);
    expect(older.body.items.map((m: { id: string }) => m.id)).toEqual(sentIds.slice(1, 4).reverse());
    const oldest = await f.call('GET', `${path}?limit=3&before=${sentIds[1]}`, pair.fan.token);
    expect(oldest.body).toMatchObject({ hasMore: false, items: [{ id: sentIds[0] }] });
    // A client that saw message 2 catches up: the oldest missed ones first (newest first within the page), then the rest.
    const missed = await f.call('GET', `${path}?limit=3&after=${sentIds[1]}`, pair.fan.token);
    expect(missed.body.items.map((m: { id: string }) => m.id)).toEqual(sentIds.slice(2, 5).reverse());
    expect(missed.body.hasMore).toBe(true);
    const rest = await f.call('GET', `${path}?limit=3&after=${sentIds[4]}`, pair.fan.token);
    expect(rest.body).toMatchObject({ hasMore: false });
    expect(rest.body.items.map((m: { id: string }) => m.id)).toEqual(sentIds.slice(5).reverse());
    expect((await f.call('GET', `${path}?before=${sentIds[1]}&after=${sentIds[0]}`, pair.fan.token)).body.code).toBe(
      'validation_failed',
    );
    expect((await f.call('GET', `${path}?before=0190b3d2-7c1e-7a00-8abc-0123456789ab`, pair.fan.token)).body.code).toBe(
      'message_not_found',
    );
  });

  it('lists the conversations of both sides by latest activity with keyset pages', async () => {
    const list = await f.call('GET', '/api/messages/conversations?limit=2', creator.token);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items[0]).toMatchObject({
      id: pair.id,
      myRole: 'creator',
      lastMessage: { id: sentIds[6], preview: 'message 7' },
    });
    const seen = [...list.body.items.map((c: { id: string }) => c.id)];
    let cursor = list.body.nextCursor as string | null;
    while (cursor) {
      const next = await f.call('GET', `/api/messages/conversations?limit=2&cursor=${cursor}`, creator.token);
      seen.push(...next.body.items.map((c: { id: string }) => c.id));
      cursor = next.body.nextCursor;
    }
    const all = await f
      .db()
      .execute<{ id: string }[]>(
        `select id from conversations where creator_id = ? order by last_activity_at desc, id desc`,
        [creator.userId],
      );
    expect(seen).toEqual(all.map((row) => row.id));
    expect((await f.call('GET', '/api/messages/conversations?cursor=nonsense', creator.token)).body.code).toBe(
      'validation_failed',
    );
  });
});

describe('read receipts and unread counts', () => {
  it('counts what the other side sent since the read position, never moves it back, and announces receipts and totals', async () => {
    const reader = await f.fan();
    const id = await f.open(reader, creator);
    const baseline = (await f.call('GET', '/api/messages/unread', reader.token)).body.total;
    const ids = [];
    for (const text of ['one', 'two', 'three']) ids.push((await f.sent(creator.token, id, text)).id);
    await f.sent(reader.token, id, 'my own message does not count');
    expect((await f.call('GET', '/api/messages/unread', reader.token)).body).toEqual({
      total: baseline + 3,
      conversations: 1,
    });
    expect((await f.call('GET', `/api/messages/conversations/${id}`, reader.token)).body.unreadCount).toBe(3);

    const read = await f.call('POST', `/api/messages/conversations/${id}/read`, reader.token, { messageId: ids[1] });
    expect(read).toMatchObject({
      status: 200,
      body: { conversationId: id, lastReadMessageId: ids[1], unreadCount: 1, total: baseline + 1 },
    });
    expect(f.events(`conversation:${id}`, 'read').at(-1)!.payload).toMatchObject({
      conversationId: id,
      userId: reader.userId,
      messageId: ids[1],
    });
    expect(f.events(`user:${reader.userId}`, 'unread').at(-1)!.payload).toEqual({
      total: baseline + 1,
      conversationId: id,
      unread: 1,
    });
    // The creator sees the receipt.
    expect((await f.call('GET', `/api/messages/conversations/${id}`, creator.token)).body.theirLastReadMessageId).toBe(
      ids[1],
    );
    // An older message leaves the position where it is.
    expect(
      (await f.call('POST', `/api/messages/conversations/${id}/read`, reader.token, { messageId: ids[0] })).body,
    ).toMatchObject({ lastReadMessageId: ids[1], unreadCount: 1 });
    expect(
      (await f.call('POST', `/api/messages/conversations/${id}/read`, reader.token, { messageId: ids[2] })).body,
    ).toMatchObject({ unreadCount: 0, total: baseline });
    // Another member's message id from another conversation is not this one's.
    expect(
      (await f.call('POST', `/api/messages/conversations/${conversationId}/read`, fan.token, { messageId: ids[2] }))
        .body.code,
    ).toBe('message_not_found');
  });

  it('keeps a muted conversation out of the badge (it still counts its own unread), and back in when unmuted', async () => {
    const quiet = await f.fan();
    const id = await f.open(quiet, creator);
    await f.sent(creator.token, id, 'news');
    expect((await f.call('GET', '/api/messages/unread', quiet.token)).body).toEqual({ total: 1, conversations: 1 });
    expect((await f.call('PUT', `/api/messages/conversations/${id}/mute`, quiet.token)).body).toMatchObject({
      muted: true,
      unreadCount: 1,
    });
    expect((await f.call('GET', '/api/messages/unread', quiet.token)).body).toEqual({ total: 0, conversations: 0 });
    const announcements = f.events(`user:${quiet.userId}`, 'unread').length;
    await f.sent(creator.token, id, 'more news');
    expect(f.events(`user:${quiet.userId}`, 'unread')).toHaveLength(announcements);
    expect((await f.call('PUT', `/api/messages/conversations/${id}/mute`, quiet.token)).body.muted).toBe(true);
    expect((await f.call('DELETE', `/api/messages/conversations/${id}/mute`, quiet.token)).body).toMatchObject({
      muted: false,
      unreadCount: 2,
    });
    expect((await f.call('GET', '/api/messages/unread', quiet.token)).body).toEqual({ total: 2, conversations: 1 });
  });
});

describe('under concurrency', () => {
  it('stores one message for a clientId sent many times at once, and keeps both unread counters exact while both sides write', async () => {
    const busy = await f.fan();
    await f.age(busy.userId);
    const id = await f.open(busy, creator);
    const same = await Promise.all(
      Array.from({ length: 8 }, () => f.send(busy.token, id, 'sent twice by a flaky network', { clientId: 'flaky-1' })),
    );
    expect(new Set(same.map((answer) => answer.body.id)).size).toBe(1);
    expect(same.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(same.every((answer) => answer.status === 201 || answer.status === 200)).toBe(true);
    expect(await f.messageRows(id)).toBe(1);

    await Promise.all([
      ...Array.from({ length: 10 }, (_, n) => f.sent(busy.token, id, `fan says ${n}`)),
      ...Array.from({ length: 10 }, (_, n) => f.sent(creator.token, id, `creator says ${n}`)),
    ]);
    const counters = await f
      .db()
      .execute<{ user_id: string; unread_count: number }[]>(
        `select user_id, unread_count from conversation_members where conversation_id = ?`,
        [id],
      );
    expect(Object.fromEntries(counters.map((row) => [row.user_id, row.unread_count]))).toEqual({
      [busy.userId]: 10,
      [creator.userId]: 11,
    });
  });
});

describe('search', () => {
  it("finds words (as prefixes) in the caller's own conversations only", async () => {
    const searcher = await f.fan();
    const id = await f.open(searcher, creator);
    const word = `zebra${Date.now().toString(36)}`;
    await f.sent(searcher.token, id, `I saw a ${word} at the beach today`);
    const outsiderConversation = await f.open(await f.fan(), creator);
    await f.sent(creator.token, outsiderConversation, `Another ${word} story for someone else`);
    const mine = await f.call(
      'GET',
      `/api/messages/search?q=${encodeURIComponent(word.slice(0, -2).toUpperCase())} beach`,
      searcher.token,
    );
    expect(mine.body.items.map((m: { conversationId: string; text: string }) => [m.conversationId, m.text])).toEqual([
      [id, `I saw a ${word} at the beach today`],
    ]);
    const creatorHits = await f.call('GET', `/api/messages/search?q=${word}`, creator.token);
    expect(creatorHits.body.items).toHaveLength(2);
    const stranger = await f.fan();
    expect((await f.call('GET', `/api/messages/search?q=${word}`, stranger.token)).body.items).toEqual([]);
    expect(
      (await f.call('GET', `/api/messages/search?q=${encodeURIComponent("& | ! ' :*")}`, searcher.token)).body.items,
    ).toEqual([]);
    expect((await f.call('GET', '/api/messages/search', searcher.token)).body.code).toBe('validation_failed');
  });
});

describe('the realtime topic policy', () => {
  it('lets the members join conversation:<id>, type and show presence, and refuses everyone else', async () => {
    const policy = f.platform.api.get(ConversationTopicPolicy);
    expect(await policy.access(fan.userId, conversationId)).toEqual({ write: true, presence: true });
    expect(await policy.access(creator.userId, conversationId)).toEqual({ write: true, presence: true });
    expect(await policy.access((await f.fan()).userId, conversationId)).toBeNull();
    expect(await policy.access(fan.userId, 'not-a-uuid')).toBeNull();
  });
});

describe('partitions', () => {
  const monthName = (date: Date) => `messages_${date.toISOString().slice(0, 7).replace('-', '_')}`;
  const inMonths = (months: number) =>
    new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + months, 15));
  const partitionOf = async (id: string) =>
    (
      await f
        .db()
        .execute<{ part: string }[]>(`select tableoid::regclass::text as part from messages where id = ?`, [id])
    )[0]?.part;

  it("stores each message in its month's partition, with months ready a year ahead and a default partition", async () => {
    const rows = await f
      .db()
      .execute<{ part: string; month: string }[]>(
        `select distinct tableoid::regclass::text as part, to_char(created_at at time zone 'UTC', 'YYYY_MM') as month from messages where conversation_id = ?`,
        [conversationId],
      );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.part).toBe(`messages_${row.month}`);
    const partitions = (
      await f
        .db()
        .execute<{ part: string }[]>(
          `select inhrelid::regclass::text as part from pg_inherits where inhparent = 'messages'::regclass`,
        )
    ).map((row) => row.part);
    for (const months of [0, 1, 6, 12]) expect(partitions).toContain(monthName(inMonths(months)));
    expect(partitions).toContain('messages_default');
  });

  it('takes a message past the prepared months in the default partition, and (with the platform keeper) moves it to its month', async () => {
    const far = inMonths(30);
    const id = `${far
      .getTime()
      .toString(16)
      .padStart(12, '0')
      .replace(/^(.{8})(.{4})$/, '$1-$2')}-7abc-8def-${'0'.repeat(11)}1`;
    // Written directly on purpose: the product stamps a message with the present, and this row is dated 30 months ahead.
    await f
      .db()
      .execute(
        `insert into messages (id, created_at, conversation_id, sender_id, client_id, body) values (?, ?, ?, ?, 'far-future', 'from the future')`,
        [id, far, conversationId, fan.userId],
      );
    expect(await partitionOf(id)).toBe('messages_default');
    // Found by its id like any message: the id names its month.
    const page = await f.call('GET', `/api/messages/conversations/${conversationId}/messages?limit=1`, fan.token);
    expect(page.body.items[0]).toMatchObject({ id, text: 'from the future' });
    const [{ keeper }] = await f
      .db()
      .execute<{ keeper: boolean }[]>(`select to_regproc('monthly_partitions_add') is not null as keeper`);
    if (keeper) {
      await f.db().execute(`select monthly_partitions_add('messages', 36)`);
      expect(await partitionOf(id)).toBe(monthName(far));
    }
    await f.db().execute(`delete from messages where id = ?`, [id]);
  });
});
