import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { AudiencePageQuery } from '#app/commerce';
import { FanOutMassMessageJob } from '#app/messaging';
import { QueryBus } from '@nestjs/cqrs';
import { startMessagingPlatform, type Creator, type Fan, type MessagingFixtures } from './messaging-fixtures.js';

/**
 * Mass messages (issue 22): a creator sends one message to a segment of their fans (live and lapsed
 * subscribers, buyers of an item, favourites), delivered by the worker as one copy in each fan's
 * conversation, page by page from a checkpoint; a priced one can be unsent (buyers keep theirs),
 * and each reports its sales.
 */
let f: MessagingFixtures;
let creator: Creator;
let job: FanOutMassMessageJob;
let item: string;

const clientId = () => randomBytes(8).toString('hex');
const count = async (sql: string, params: unknown[] = []) => (await f.db().execute<{ n: number }[]>(sql, params))[0].n;

/** Fans of a store that are only ids (no account): subscriptions written as commerce stores them, in one statement. */
async function subscribers(owner: Creator, n: number, status: 'active' | 'expired'): Promise<void> {
  const periodEnd = status === 'active' ? "now() + interval '20 days'" : "now() - interval '10 days'";
  await f.db().execute(
    `insert into subscriptions (id, subscriber_id, store_id, creator_id, status, auto_renew, price_minor, currency, method, payment_method_ref, current_period_start, current_period_end, started_at, updated_at)
     select gen_random_uuid(), gen_random_uuid(), ?, ?, ?, true, 999, 'USD', 'card', 'pm_test', now() - interval '40 days', ${periodEnd}, now() - interval '40 days', now() from generate_series(1, ?)`,
    [owner.storeId, owner.userId, status, n],
  );
}

/** An approved item of the creator's store with one processed file (the upload pipeline has its own suite). */
async function approvedStoreItem(owner: Creator): Promise<string> {
  const id = randomUUID();
  await f
    .db()
    .execute(
      `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, submitted_at, created_at, updated_at) values (?, ?, 'album', 'Store album', 900, 'USD', 'pending_review', now(), now(), now())`,
      [id, owner.userId],
    );
  await f.db().execute(
    `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
     values (?, ?, ?, 'image', 'jpeg', 'p.jpg', 1000, 'ready', 'thumb.webp', 'clean.jpg', 0, now())`,
    [randomUUID(), id, `upload-${randomBytes(8).toString('hex')}`],
  );
  for (const step of ['claim', 'approve']) {
    const answer = await f.call('POST', `/api/admin/content/${id}/${step}`, f.moderator.token);
    if (answer.status !== 200) throw new Error(`${step}: ${answer.status} ${answer.text}`);
  }
  await f.platform.drain();
  return id;
}

/** A purchase row as commerce's checkout leaves it (its payment flow has its own suites). */
async function purchase(owner: Creator, buyerId: string, contentId: string, status: 'paid' | 'refunded') {
  await f.db().execute(
    `insert into purchases (id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method, status, idempotency_key, provider, provider_payment_id, created_at, paid_at)
     values (gen_random_uuid(), ?, ?, ?, 'content', ?, 'Store album', 'album', 900, 'USD', 'card', ?, ?, 'sandbox', ?, now(), now())`,
    [buyerId, owner.storeId, owner.userId, contentId, status, `key-${randomUUID()}`, `pay-${randomUUID()}`],
  );
}

/**
 * A mass message row as the create route stores it, without the job it queues: the suites that
 * drive the fan-out page by page start from here.
 */
async function queued(owner: Creator, priceMinor: number | null = 500): Promise<string> {
  const id = randomUUID();
  await f.db().execute(
    `insert into mass_messages (id, creator_id, client_id, segment, body, attachments, price_minor, currency, status, created_at)
     values (?, ?, ?, 'subscribers_active', 'Paged', ?::jsonb, ?, 'USD', 'queued', now())`,
    [id, owner.userId, clientId(), JSON.stringify([{ contentId: item, kind: 'album', source: 'store' }]), priceMinor],
  );
  return id;
}

async function copies(massMessageId: string): Promise<{ total: number; conversations: number }> {
  const [row] = await f
    .db()
    .execute<{ total: number; conversations: number }[]>(
      `select count(*)::int as total, count(distinct conversation_id)::int as conversations from messages where mass_message_id = ?`,
      [massMessageId],
    );
  return row;
}

async function send(owner: Creator, body: Record<string, unknown>) {
  return f.call('POST', '/api/messages/mass-messages', owner.token, { clientId: clientId(), ...body });
}

beforeAll(async () => {
  f = await startMessagingPlatform();
  creator = await f.creator('mass');
  job = f.platform.worker!.get(FanOutMassMessageJob);
  item = await approvedStoreItem(creator);
}, 120_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('a mass message to 1,000 subscribers with a price', () => {
  let reader: Fan;
  let blocker: Fan;
  let buyer: Fan;
  let lapsed: Fan;
  let massMessageId: string;

  beforeAll(async () => {
    [reader, blocker, buyer, lapsed] = [await f.fan(), await f.fan(), await f.fan(), await f.fan()];
    for (const fan of [reader, blocker, buyer]) await f.subscribe(fan, creator, 'active');
    await f.subscribe(lapsed, creator, 'expired');
    await subscribers(creator, 997, 'active');
    await subscribers(creator, 5, 'expired');
    // The blocker had written before and blocked the creator since: no copy reaches them.
    const blocked = await f.open(blocker, creator);
    expect((await f.call('PUT', `/api/messages/conversations/${blocked}/block`, blocker.token)).status).toBe(200);
    // The reader's conversation already exists, with an earlier message they read.
    const conversation = await f.open(reader, creator);
    const hello = await f.sent(creator.token, conversation, 'Welcome to the studio');
    expect(
      (await f.call('POST', `/api/messages/conversations/${conversation}/read`, reader.token, { messageId: hello.id }))
        .status,
    ).toBe(200);
  }, 60_000);

  it('counts each segment before sending', async () => {
    const audience = (query: string) => f.call('GET', `/api/messages/mass-messages/audience?${query}`, creator.token);
    expect(await audience('segment=subscribers_active')).toMatchObject({ status: 200, body: { recipients: 1000 } });
    expect(await audience('segment=subscribers_expired')).toMatchObject({ status: 200, body: { recipients: 6 } });
    expect(await audience('segment=favourites')).toMatchObject({ status: 200, body: { recipients: 0 } });
  });

  it('stores exactly one copy in each conversation but the blocked one, with its price, unread', async () => {
    const body = {
      clientId: clientId(),
      segment: 'subscribers_active',
      text: 'New set, just for you',
      attachments: [item],
      priceMinor: 500,
    };
    const created = await f.call('POST', '/api/messages/mass-messages', creator.token, body);
    expect(created).toMatchObject({
      status: 202,
      body: {
        status: 'queued',
        segment: 'subscribers_active',
        price: { amountMinor: 500, currency: 'USD' },
        delivered: 0,
        recipients: null,
      },
    });
    massMessageId = created.body.id;
    // The same clientId again: the stored one, nothing queued twice.
    expect(await f.call('POST', '/api/messages/mass-messages', creator.token, body)).toMatchObject({
      status: 200,
      body: { id: massMessageId },
    });
    await f.platform.drain(60_000);

    const detail = await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, creator.token);
    expect(detail).toMatchObject({
      status: 200,
      body: { status: 'sent', recipients: 1000, delivered: 999, unlocks: 0, revenueMinor: 0, currency: 'USD' },
    });
    expect(detail.body.sentAt).not.toBeNull();
    expect(await copies(massMessageId)).toEqual({ total: 999, conversations: 999 });
    // Every live subscriber but the blocker has one copy, priced; the lapsed ones have none.
    expect(
      await count(
        `select count(*)::int as n from subscriptions s join conversations c on c.fan_id = s.subscriber_id and c.creator_id = s.creator_id
           join messages m on m.conversation_id = c.id and m.mass_message_id = ? and m.price_minor = 500 and m.currency = 'USD'
          where s.store_id = ? and s.status = 'active' and s.subscriber_id <> ?`,
        [massMessageId, creator.storeId, blocker.userId],
      ),
    ).toBe(999);
    expect(
      await count(
        `select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where m.mass_message_id = ? and c.fan_id = ?`,
        [massMessageId, blocker.userId],
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from conversations c join subscriptions s on s.subscriber_id = c.fan_id where s.store_id = ? and s.status = 'expired' and c.creator_id = ?`,
        [creator.storeId, creator.userId],
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from message_attachments a join messages m on m.id = a.message_id and m.created_at = a.message_created_at where m.mass_message_id = ?`,
        [massMessageId],
      ),
    ).toBe(999);
    // Each fan's own unread counter grew by one, and the creator's side did not.
    expect(
      await count(
        `select count(*)::int as n from conversation_members cm join messages m on m.conversation_id = cm.conversation_id where m.mass_message_id = ? and cm.role = 'fan' and cm.unread_count = 1`,
        [massMessageId],
      ),
    ).toBe(999);
    expect(
      await count(
        `select count(*)::int as n from conversation_members cm join messages m on m.conversation_id = cm.conversation_id where m.mass_message_id = ? and cm.role = 'creator' and cm.unread_count > 0`,
        [massMessageId],
      ),
    ).toBe(0);

    // The reader sees it in their thread, their list and their badge, and heard it on their own channel.
    const conversation = (await f.call('GET', '/api/messages/conversations', reader.token)).body.items[0];
    expect(conversation).toMatchObject({
      unreadCount: 1,
      lastMessage: { preview: 'New set, just for you', senderId: creator.userId },
    });
    const thread = await f.call('GET', `/api/messages/conversations/${conversation.id}/messages`, reader.token);
    expect(thread.body.items[0]).toMatchObject({
      text: 'New set, just for you',
      massMessageId,
      withdrawn: false,
      unlockCount: null,
      attachments: [{ contentId: item, kind: 'album' }],
    });
    expect(thread.body.items).toHaveLength(2);
    expect(await f.call('GET', '/api/messages/unread', reader.token)).toMatchObject({ body: { total: 1 } });
    expect(f.events(`user:${reader.userId}`, 'unread').at(-1)?.payload).toMatchObject({
      conversationId: conversation.id,
      unread: 1,
      total: 1,
    });
    // The sender's view counts the unlocks of the copy.
    const creatorThread = await f.call('GET', `/api/messages/conversations/${conversation.id}/messages`, creator.token);
    expect(creatorThread.body.items[0]).toMatchObject({ massMessageId, unlockCount: 0 });
    // The same text to one fan afterwards is not taken for spam: copies of a mass message are not repeats.
    expect((await f.send(creator.token, conversation.id, 'New set, just for you')).status).toBe(201);
  }, 90_000);

  it('lists the creator’s mass messages newest first, and nobody else reads or unsends them', async () => {
    const list = await f.call('GET', '/api/messages/mass-messages?limit=1', creator.token);
    expect(list).toMatchObject({ status: 200, body: { items: [{ id: massMessageId }] } });
    const other = await f.creator('other');
    expect(await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, other.token)).toMatchObject({
      status: 404,
      body: { code: 'mass_message_not_found' },
    });
    expect(await f.call('POST', `/api/messages/mass-messages/${massMessageId}/unsend`, other.token)).toMatchObject({
      status: 404,
      body: { code: 'mass_message_not_found' },
    });
    expect(await f.call('POST', `/api/messages/mass-messages/${massMessageId}/unsend`, reader.token)).toMatchObject({
      status: 404,
      body: { code: 'mass_message_not_found' },
    });
    expect((await f.call('GET', '/api/messages/mass-messages', other.token)).body.items).toEqual([]);
    expect((await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, null)).status).toBe(401);
    expect(await copies(massMessageId)).toEqual({ total: 999, conversations: 999 });
  });

  it("unsend takes back every unpaid copy, fixes the fans' counts and previews, and the buyer keeps theirs", async () => {
    const buyerCopy = (
      await f
        .db()
        .execute<{ id: string; created_at: Date; conversation_id: string }[]>(
          `select m.id, m.created_at, m.conversation_id from messages m join conversations c on c.id = m.conversation_id where m.mass_message_id = ? and c.fan_id = ?`,
          [massMessageId, buyer.userId],
        )
    )[0];
    // The row a paid purchase of the copy leaves (FollowMessagePurchaseJob), written directly to keep this suite about the
    // fan-out; the same through the real checkout and webhooks: messaging-paid.e2e.ts, 'a priced mass message'.
    await f.db().execute(
      `insert into message_unlocks (message_id, message_created_at, buyer_id, conversation_id, mass_message_id, purchase_id, purchase_created_at, amount_minor, currency, unlocked_at)
       values (?, ?, ?, ?, ?, ?, now(), 500, 'USD', now())`,
      [buyerCopy.id, buyerCopy.created_at, buyer.userId, buyerCopy.conversation_id, massMessageId, randomUUID()],
    );
    expect(await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, creator.token)).toMatchObject({
      body: { unlocks: 1, revenueMinor: 500 },
    });

    const unsent = await f.call('POST', `/api/messages/mass-messages/${massMessageId}/unsend`, creator.token);
    expect(unsent).toMatchObject({ status: 200, body: { withdrawnFrom: 998, keptBy: 1 } });
    expect(await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, creator.token)).toMatchObject({
      body: { status: 'withdrawn', delivered: 999, unlocks: 1, revenueMinor: 500 },
    });
    // Every copy is marked; the bought one stays its buyer's (and a refund later would take it too).
    expect(
      await count(`select count(*)::int as n from messages where mass_message_id = ? and withdrawn_at is not null`, [
        massMessageId,
      ]),
    ).toBe(999);

    // The reader: the copy is gone from the thread, the list's preview and the badge (the later message from the creator stays).
    const conversation = (await f.call('GET', '/api/messages/conversations', reader.token)).body.items[0];
    expect(conversation).toMatchObject({ unreadCount: 1, lastMessage: { preview: 'New set, just for you' } });
    const thread = await f.call('GET', `/api/messages/conversations/${conversation.id}/messages`, reader.token);
    expect(thread.body.items.map((message: { massMessageId: string | null }) => message.massMessageId)).toEqual([
      null,
      null,
    ]);
    expect(f.events(`conversation:${conversation.id}`, 'message_withdrawn')).toHaveLength(1);
    // A fan whose only message was the copy: nothing left in the list's preview, nothing unread.
    const [quiet] = await f
      .db()
      .execute<
        { conversation_id: string; last_message_id: string | null; last_preview: string | null; unread_count: number }[]
      >(
        `select c.id as conversation_id, c.last_message_id, c.last_preview, cm.unread_count from conversations c join conversation_members cm on cm.conversation_id = c.id and cm.role = 'fan'
        join subscriptions s on s.subscriber_id = c.fan_id and s.store_id = ? where c.creator_id = ? and c.fan_id not in (?, ?, ?) limit 1`,
        [creator.storeId, creator.userId, reader.userId, buyer.userId, blocker.userId],
      );
    expect(quiet).toMatchObject({ last_message_id: null, last_preview: null, unread_count: 0 });
    // The buyer keeps it, marked withdrawn; the creator sees every copy withdrawn.
    const kept = await f.call('GET', `/api/messages/conversations/${buyerCopy.conversation_id}/messages`, buyer.token);
    expect(kept.body.items[0]).toMatchObject({ id: buyerCopy.id, massMessageId, withdrawn: true });
    const own = await f.call('GET', `/api/messages/conversations/${conversation.id}/messages`, creator.token);
    expect(
      own.body.items.find((message: { massMessageId: string | null }) => message.massMessageId === massMessageId),
    ).toMatchObject({ withdrawn: true, unlockCount: 0 });
    // Unsent again: nothing more to take back.
    expect(await f.call('POST', `/api/messages/mass-messages/${massMessageId}/unsend`, creator.token)).toMatchObject({
      status: 200,
      body: { withdrawnFrom: 0, keptBy: 1 },
    });
  }, 60_000);
});

describe('the fan-out resumes from its checkpoint', () => {
  it('a page that ran twice, one that failed, and a retry of the whole job leave exactly one copy per fan', async () => {
    const owner = await f.creator('paged');
    await subscribers(owner, 250, 'active');
    const id = await queued(owner);
    job.pageSize = 100;
    try {
      expect(await job.page(id)).toEqual({ kind: 'delivered', fans: 100, delivered: 100 });
      // The same page asked twice at once (a job retried while the first attempt still runs): the row lock orders them,
      // the second reads the moved checkpoint and takes the next fans.
      const twice = await Promise.all([job.page(id), job.page(id)]);
      expect(twice.map((outcome) => (outcome.kind === 'delivered' ? outcome.fans : 0)).sort()).toEqual([100, 50]);
      expect(await copies(id)).toEqual({ total: 250, conversations: 250 });
      // A retry of the whole job after its pages committed (the worker died before acknowledging it) adds nothing.
      expect(await job.handle({ massMessageId: id })).toEqual({ pages: 0, delivered: 0 });
      expect(await copies(id)).toEqual({ total: 250, conversations: 250 });
      expect(await count(`select delivered as n from mass_messages where id = ?`, [id])).toBe(250);
      expect(
        await count(
          `select count(*)::int as n from conversation_members cm join conversations c on c.id = cm.conversation_id where c.creator_id = ? and cm.role = 'fan' and cm.unread_count = 1`,
          [owner.userId],
        ),
      ).toBe(250);
    } finally {
      job.pageSize = 1000;
    }
  }, 60_000);

  it('a page that fails part-way leaves nothing behind and the next attempt stores it once', async () => {
    const owner = await f.creator('crash');
    await subscribers(owner, 120, 'active');
    const id = await queued(owner);
    job.pageSize = 100;
    // The copies are written, then the page dies before its checkpoint: its transaction rolls back whole.
    type Work = (repositories: { massSends: object }) => Promise<unknown>;
    const store = (job as unknown as { pages: { store: { transaction: (work: Work) => Promise<unknown> } } }).pages
      .store;
    const transaction = store.transaction;
    const crashed = async () => {
      throw new Error('worker crashed');
    };
    store.transaction = (work) =>
      transaction.call(store, (repositories: { massSends: object }) =>
        work({
          ...repositories,
          massSends: Object.assign(Object.create(repositories.massSends) as object, { checkpoint: crashed }),
        }),
      );
    try {
      await expect(job.page(id)).rejects.toThrow('worker crashed');
      expect(await copies(id)).toEqual({ total: 0, conversations: 0 });
      expect(await count(`select count(*)::int as n from conversations where creator_id = ?`, [owner.userId])).toBe(0);
    } finally {
      store.transaction = transaction;
    }
    try {
      expect(await job.handle({ massMessageId: id })).toEqual({ pages: 2, delivered: 120 });
    } finally {
      job.pageSize = 1000;
    }
    expect(await copies(id)).toEqual({ total: 120, conversations: 120 });
    expect(await f.call('GET', `/api/messages/mass-messages/${id}`, owner.token)).toMatchObject({
      body: { status: 'sent', recipients: 120, delivered: 120 },
    });
  }, 60_000);

  it('a mass message unsent while sending stops at the next page', async () => {
    const owner = await f.creator('stopped');
    await subscribers(owner, 300, 'active');
    const id = await queued(owner);
    job.pageSize = 100;
    try {
      expect((await job.page(id)).kind).toBe('delivered');
      expect(await f.call('POST', `/api/messages/mass-messages/${id}/unsend`, owner.token)).toMatchObject({
        status: 200,
        body: { withdrawnFrom: 100, keptBy: 0 },
      });
      expect(await job.page(id)).toEqual({ kind: 'stopped' });
      expect(await job.handle({ massMessageId: id })).toEqual({ pages: 0, delivered: 0 });
    } finally {
      job.pageSize = 1000;
    }
    expect(await copies(id)).toEqual({ total: 100, conversations: 100 });
    expect(await f.call('GET', `/api/messages/mass-messages/${id}`, owner.token)).toMatchObject({
      body: { status: 'withdrawn', delivered: 100 },
    });
  }, 60_000);
});

describe('unsend of one message', () => {
  it('takes back a priced copy from its fan only; refuses a free message, a fan and a stranger', async () => {
    const owner = await f.creator('single');
    const fan = await f.fan();
    await f.subscribe(fan, owner, 'active');
    const id = await queued(owner);
    await job.handle({ massMessageId: id });
    const conversationId = await f.open(fan, owner);
    const [copy] = (await f.call('GET', `/api/messages/conversations/${conversationId}/messages`, fan.token)).body
      .items;
    const free = await f.sent(owner.token, conversationId, 'A free note');
    const unsend = (messageId: string, token: string) =>
      f.call('POST', `/api/messages/conversations/${conversationId}/messages/${messageId}/unsend`, token);

    expect(await unsend(free.id, owner.token)).toMatchObject({ status: 409, body: { code: 'not_unsendable' } });
    expect(await unsend(copy.id, fan.token)).toMatchObject({ status: 403, body: { code: 'not_your_message' } });
    const stranger = await f.creator('stranger');
    expect(await unsend(copy.id, stranger.token)).toMatchObject({
      status: 404,
      body: { code: 'conversation_not_found' },
    });
    expect(await unsend(randomUUID(), owner.token)).toMatchObject({ status: 404 });
    expect(
      await count(`select count(*)::int as n from messages where withdrawn_at is not null and conversation_id = ?`, [
        conversationId,
      ]),
    ).toBe(0);

    expect(await f.call('GET', '/api/messages/unread', fan.token)).toMatchObject({ body: { total: 2 } });
    expect(await unsend(copy.id, owner.token)).toMatchObject({ status: 200, body: { withdrawnFrom: 1, keptBy: 0 } });
    expect(
      (await f.call('GET', `/api/messages/conversations/${conversationId}/messages`, fan.token)).body.items.map(
        (m: { id: string }) => m.id,
      ),
    ).toEqual([free.id]);
    expect(await f.call('GET', '/api/messages/unread', fan.token)).toMatchObject({ body: { total: 1 } });
    expect(await f.call('GET', `/api/messages/search?q=paged`, fan.token)).toMatchObject({ body: { items: [] } });
    expect((await f.call('GET', `/api/messages/search?q=paged`, owner.token)).body.items).toHaveLength(1);
    expect(await unsend(copy.id, owner.token)).toMatchObject({ status: 200, body: { withdrawnFrom: 0, keptBy: 0 } });
  }, 60_000);
});

describe('segments', () => {
  it('buyers of an item (paid, not refunded), lapsed subscribers and favourites, each fan once and in id order', async () => {
    const owner = await f.creator('segments');
    const album = await approvedStoreItem(owner);
    const [paid, twice, refunded, lapsed] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const favourite = await f.fan();
    await purchase(owner, paid, album, 'paid');
    await purchase(owner, refunded, album, 'refunded');
    await purchase(owner, twice, album, 'paid');
    await purchase(owner, twice, randomUUID(), 'paid');
    expect((await f.call('PUT', `/api/favorites/${owner.slug}`, favourite.token)).status).toBe(204);
    await f.subscribe({ userId: lapsed, token: '', email: '' }, owner, 'expired');
    const queries = f.platform.api.get(QueryBus);
    const page = (
      segment: 'buyers' | 'favourites' | 'subscribers_expired' | 'subscribers_active',
      contentId: string | null = null,
    ) => queries.execute(new AudiencePageQuery({ creatorId: owner.userId, segment, contentId }, null, 10));
    expect(await page('buyers', album)).toEqual([paid, twice].sort());
    expect(await page('favourites')).toEqual([favourite.userId]);
    expect(await page('subscribers_expired')).toEqual([lapsed]);
    expect(await page('subscribers_active')).toEqual([]);
    // Keyset: after the first buyer comes the second only.
    const [first, second] = [paid, twice].sort();
    expect(
      await queries.execute(
        new AudiencePageQuery({ creatorId: owner.userId, segment: 'buyers', contentId: album }, first, 10),
      ),
    ).toEqual([second]);
    expect(
      await f.call('GET', `/api/messages/mass-messages/audience?segment=buyers&contentId=${album}`, owner.token),
    ).toMatchObject({ status: 200, body: { recipients: 2 } });
    // Another creator's item names no buyers of theirs.
    expect(
      await f.call('GET', `/api/messages/mass-messages/audience?segment=buyers&contentId=${album}`, creator.token),
    ).toMatchObject({ status: 404, body: { code: 'content_not_found' } });

    const sent = await send(owner, { segment: 'buyers', contentId: album, text: 'Thanks for buying' });
    expect(sent.status).toBe(202);
    await f.platform.drain(30_000);
    expect(await f.call('GET', `/api/messages/mass-messages/${sent.body.id}`, owner.token)).toMatchObject({
      body: { status: 'sent', recipients: 2, delivered: 2, price: null },
    });
    expect(
      await count(`select count(*)::int as n from conversations where creator_id = ? and fan_id = any(?::uuid[])`, [
        owner.userId,
        `{${paid},${twice}}`,
      ]),
    ).toBe(2);
  }, 60_000);
});

describe('who sends mass messages, and how many', () => {
  it('refuses fans, bad input and a price without media, and changes nothing', async () => {
    const fan = await f.fan();
    expect(
      await f.call('POST', '/api/messages/mass-messages', fan.token, {
        clientId: clientId(),
        segment: 'favourites',
        text: 'hi',
      }),
    ).toMatchObject({ status: 403, body: { code: 'not_a_creator' } });
    expect(await f.call('GET', '/api/messages/mass-messages/audience?segment=favourites', fan.token)).toMatchObject({
      status: 403,
      body: { code: 'not_a_creator' },
    });
    const before = await count(`select count(*)::int as n from mass_messages`);
    const refused: [Record<string, unknown>, number, string][] = [
      [{ segment: 'everyone', text: 'hi' }, 400, 'validation_failed'],
      [{ segment: 'buyers', text: 'hi' }, 400, 'validation_failed'],
      [{ segment: 'favourites', contentId: item, text: 'hi' }, 400, 'validation_failed'],
      [{ segment: 'favourites', text: 'hi', priceMinor: 500 }, 400, 'validation_failed'],
      [{ segment: 'favourites', attachments: [item], priceMinor: 10 }, 400, 'validation_failed'],
      [{ segment: 'favourites', attachments: [item], priceMinor: 100001 }, 400, 'validation_failed'],
      [{ segment: 'favourites', text: '' }, 400, 'validation_failed'],
      [{ segment: 'favourites', text: 'x'.repeat(2001) }, 400, 'validation_failed'],
      [{ segment: 'favourites', attachments: [item, item] }, 400, 'validation_failed'],
      [{ segment: 'favourites', attachments: [randomUUID()] }, 404, 'media_not_found'],
      [{ segment: 'buyers', contentId: randomUUID(), text: 'hi' }, 404, 'content_not_found'],
    ];
    for (const [body, status, code] of refused) {
      const answer = await send(creator, body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({ body, status, code });
    }
    expect(
      await f.call('POST', '/api/messages/mass-messages', creator.token, {
        segment: 'favourites',
        text: 'no client id',
      }),
    ).toMatchObject({ status: 400 });
    expect(await f.call('GET', '/api/messages/mass-messages?cursor=nonsense', creator.token)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await f.call('GET', '/api/messages/mass-messages/not-an-id', creator.token)).toMatchObject({ status: 400 });
    expect(await count(`select count(*)::int as n from mass_messages`)).toBe(before);
  });

  it('queues at most ten a day per creator', async () => {
    const owner = await f.creator('daily');
    const sent = await Promise.all(
      Array.from({ length: 11 }, () => send(owner, { segment: 'favourites', text: 'Daily news' })),
    );
    expect(sent.map((answer) => answer.status).sort()).toEqual([...Array(10).fill(202), 429]);
    expect(sent.find((answer) => answer.status === 429)?.body.code).toBe('mass_message_limit');
    expect(await count(`select count(*)::int as n from mass_messages where creator_id = ?`, [owner.userId])).toBe(10);
    await f.platform.drain(30_000);
  }, 60_000);
});
