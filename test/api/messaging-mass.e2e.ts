import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { AudiencePageQuery } from '#app/commerce';
import { FanOutMassMessageJob } from '#app/messaging';
import { approvedAlbum } from '#app/testing';
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
/** The fan-out's own page size, restored after the tests that make pages small. */
let pageSize: number;
let item: string;

const clientId = () => randomBytes(8).toString('hex');
const count = async (sql: string, params: unknown[] = []) => (await f.db().execute<{ n: number }[]>(sql, params))[0].n;

/** `n` fans who subscribe to the owner's store through the checkout, side by side ('expired': then lapse). */
async function subscribers(owner: Creator, n: number, status: 'active' | 'expired'): Promise<Fan[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const fan = await f.fan();
      await f.subscribe(fan, owner, status);
      return fan;
    }),
  );
}

/** An approved album of the creator's store: uploaded and submitted by them, approved by the moderator. */
const approvedStoreItem = (owner: Creator, title = 'Store album'): Promise<string> =>
  approvedAlbum(f.platform, owner.token, f.moderator.token, { title, priceMinor: 900 });

/**
 * A priced mass message to the owner's live subscribers, sent through the route while the worker's
 * relay is held (relayHeld): its fan-out job waits, and the suite drives the pages itself.
 */
async function queued(owner: Creator, attachment: string): Promise<string> {
  const sent = await send(owner, {
    segment: 'subscribers_active',
    text: 'Paged',
    attachments: [attachment],
    priceMinor: 500,
  });
  if (sent.status !== 202) throw new Error(`mass message: ${sent.status} ${sent.text}`);
  return sent.body.id as string;
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
  f = await startMessagingPlatform({ acquirer: true });
  creator = await f.creator('mass');
  job = f.platform.worker!.get(FanOutMassMessageJob);
  pageSize = job.pageSize;
  item = await approvedStoreItem(creator);
}, 120_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('a mass message to the live subscribers with a price', () => {
  let reader: Fan;
  let blocker: Fan;
  let buyer: Fan;
  let lapsed: Fan;
  let massMessageId: string;
  /** A photo made for messages: a subscriber owns the store's items already, and buys only what the message brings. */
  let upload: string;

  beforeAll(async () => {
    [reader, blocker, buyer, lapsed] = await Promise.all([f.fan(), f.fan(), f.fan(), f.fan()]);
    // Five live subscribers (two who never wrote) and two lapsed ones, each through the checkout.
    const uploading = f.uploadForMessages(creator);
    await Promise.all([
      uploading,
      ...[reader, blocker, buyer].map((fan) => f.subscribe(fan, creator, 'active')),
      f.subscribe(lapsed, creator, 'expired'),
      subscribers(creator, 2, 'active'),
      subscribers(creator, 1, 'expired'),
    ]);
    upload = await uploading;
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
  }, 120_000);

  it('counts each segment before sending', async () => {
    const audience = (query: string) => f.call('GET', `/api/messages/mass-messages/audience?${query}`, creator.token);
    expect(await audience('segment=subscribers_active')).toMatchObject({ status: 200, body: { recipients: 5 } });
    expect(await audience('segment=subscribers_expired')).toMatchObject({ status: 200, body: { recipients: 2 } });
    expect(await audience('segment=favourites')).toMatchObject({ status: 200, body: { recipients: 0 } });
  });

  it('stores exactly one copy in each conversation but the blocked one, with its price, unread', async () => {
    const body = {
      clientId: clientId(),
      segment: 'subscribers_active',
      text: 'New set, just for you',
      attachments: [upload],
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
    // The photo went to review with the message; the copies open once a moderator approves it.
    await f.approved(upload);

    const detail = await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, creator.token);
    expect(detail).toMatchObject({
      status: 200,
      body: { status: 'sent', recipients: 5, delivered: 4, unlocks: 0, revenueMinor: 0, currency: 'USD' },
    });
    expect(detail.body.sentAt).not.toBeNull();
    expect(await copies(massMessageId)).toEqual({ total: 4, conversations: 4 });
    // Every live subscriber but the blocker has one copy, priced; the lapsed ones have none.
    expect(
      await count(
        `select count(*)::int as n from subscriptions s join conversations c on c.fan_id = s.subscriber_id and c.creator_id = s.creator_id
           join messages m on m.conversation_id = c.id and m.mass_message_id = ? and m.price_minor = 500 and m.currency = 'USD'
          where s.store_id = ? and s.status = 'active' and s.subscriber_id <> ?`,
        [massMessageId, creator.storeId, blocker.userId],
      ),
    ).toBe(4);
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
    ).toBe(4);
    // Each fan's own unread counter grew by one, and the creator's side did not.
    expect(
      await count(
        `select count(*)::int as n from conversation_members cm join messages m on m.conversation_id = cm.conversation_id where m.mass_message_id = ? and cm.role = 'fan' and cm.unread_count = 1`,
        [massMessageId],
      ),
    ).toBe(4);
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
      attachments: [{ contentId: upload, kind: 'album' }],
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
    expect(await copies(massMessageId)).toEqual({ total: 4, conversations: 4 });
  });

  it("unsend takes back every unpaid copy, fixes the fans' counts and previews, and the buyer keeps theirs", async () => {
    const buyerCopy = (
      await f
        .db()
        .execute<{ id: string; conversation_id: string }[]>(
          `select m.id, m.conversation_id from messages m join conversations c on c.id = m.conversation_id where m.mass_message_id = ? and c.fan_id = ?`,
          [massMessageId, buyer.userId],
        )
    )[0];
    // The buyer unlocks their copy through the checkout; the worker records the unlock once the payment is in.
    await f.bought(buyer, { kind: 'message', messageId: buyerCopy.id });
    await f.platform.drain();
    expect(await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, creator.token)).toMatchObject({
      body: { unlocks: 1, revenueMinor: 500 },
    });

    const unsent = await f.call('POST', `/api/messages/mass-messages/${massMessageId}/unsend`, creator.token);
    expect(unsent).toMatchObject({ status: 200, body: { withdrawnFrom: 3, keptBy: 1 } });
    expect(await f.call('GET', `/api/messages/mass-messages/${massMessageId}`, creator.token)).toMatchObject({
      body: { status: 'withdrawn', delivered: 4, unlocks: 1, revenueMinor: 500 },
    });
    // Every copy is marked; the bought one stays its buyer's (and a refund later would take it too).
    expect(
      await count(`select count(*)::int as n from messages where mass_message_id = ? and withdrawn_at is not null`, [
        massMessageId,
      ]),
    ).toBe(4);

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
  /** A creator with an approved album and `n` live subscribers; pages of two fans. */
  async function ownerWithSubscribers(label: string, n: number): Promise<{ owner: Creator; album: string }> {
    const owner = await f.creator(label);
    const [album] = await Promise.all([approvedStoreItem(owner), subscribers(owner, n, 'active')]);
    return { owner, album };
  }
  let paged: { owner: Creator; album: string };
  let crash: { owner: Creator; album: string };
  let stopped: { owner: Creator; album: string };

  beforeAll(async () => {
    [paged, crash, stopped] = await Promise.all([
      ownerWithSubscribers('paged', 5),
      ownerWithSubscribers('crash', 3),
      ownerWithSubscribers('stopped', 3),
    ]);
  }, 120_000);

  it('a page that ran twice, one that failed, and a retry of the whole job leave exactly one copy per fan', async () => {
    const { owner, album } = paged;
    await f.relayHeld(async () => {
      const id = await queued(owner, album);
      job.pageSize = 2;
      try {
        expect(await job.page(id)).toEqual({ kind: 'delivered', fans: 2, delivered: 2 });
        // The same page asked twice at once (a job retried while the first attempt still runs): the row lock orders them,
        // the second reads the moved checkpoint and takes the next fans.
        const twice = await Promise.all([job.page(id), job.page(id)]);
        expect(twice.map((outcome) => (outcome.kind === 'delivered' ? outcome.fans : 0)).sort()).toEqual([1, 2]);
        expect(await copies(id)).toEqual({ total: 5, conversations: 5 });
        // A retry of the whole job after its pages committed (the worker died before acknowledging it) adds nothing.
        expect(await job.handle({ massMessageId: id })).toEqual({ pages: 0, delivered: 0 });
        expect(await copies(id)).toEqual({ total: 5, conversations: 5 });
        expect(await count(`select delivered as n from mass_messages where id = ?`, [id])).toBe(5);
        expect(
          await count(
            `select count(*)::int as n from conversation_members cm join conversations c on c.id = cm.conversation_id where c.creator_id = ? and cm.role = 'fan' and cm.unread_count = 1`,
            [owner.userId],
          ),
        ).toBe(5);
      } finally {
        job.pageSize = pageSize;
      }
    });
  }, 90_000);

  it('a page that fails part-way leaves nothing behind and the next attempt stores it once', async () => {
    const { owner, album } = crash;
    await f.relayHeld(async () => {
      const id = await queued(owner, album);
      job.pageSize = 2;
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
        expect(await count(`select count(*)::int as n from conversations where creator_id = ?`, [owner.userId])).toBe(
          0,
        );
      } finally {
        store.transaction = transaction;
      }
      try {
        expect(await job.handle({ massMessageId: id })).toEqual({ pages: 2, delivered: 3 });
      } finally {
        job.pageSize = pageSize;
      }
      expect(await copies(id)).toEqual({ total: 3, conversations: 3 });
      expect(await f.call('GET', `/api/messages/mass-messages/${id}`, owner.token)).toMatchObject({
        body: { status: 'sent', recipients: 3, delivered: 3 },
      });
    });
  }, 90_000);

  it('a mass message unsent while sending stops at the next page', async () => {
    const { owner, album } = stopped;
    await f.relayHeld(async () => {
      const id = await queued(owner, album);
      job.pageSize = 2;
      try {
        expect((await job.page(id)).kind).toBe('delivered');
        expect(await f.call('POST', `/api/messages/mass-messages/${id}/unsend`, owner.token)).toMatchObject({
          status: 200,
          body: { withdrawnFrom: 2, keptBy: 0 },
        });
        expect(await job.page(id)).toEqual({ kind: 'stopped' });
        expect(await job.handle({ massMessageId: id })).toEqual({ pages: 0, delivered: 0 });
      } finally {
        job.pageSize = pageSize;
      }
      expect(await copies(id)).toEqual({ total: 2, conversations: 2 });
      expect(await f.call('GET', `/api/messages/mass-messages/${id}`, owner.token)).toMatchObject({
        body: { status: 'withdrawn', delivered: 2 },
      });
    });
  }, 90_000);
});

describe('unsend of one message', () => {
  it('takes back a priced copy from its fan only; refuses a free message, a fan and a stranger', async () => {
    const [owner, fan] = await Promise.all([f.creator('single'), f.fan()]);
    const [album] = await Promise.all([approvedStoreItem(owner), f.subscribe(fan, owner, 'active')]);
    await queued(owner, album);
    await f.platform.drain();
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
    const [album, another] = await Promise.all([approvedStoreItem(owner), approvedStoreItem(owner, 'Second album')]);
    const [paidFan, twiceFan, refundedFan, lapsedFan, favourite] = await Promise.all(
      Array.from({ length: 5 }, () => f.fan()),
    );
    // Each through the checkout: a buyer, one an admin refunded since, one who bought another item too, a lapsed subscriber.
    await Promise.all([
      f.bought(paidFan, { kind: 'content', contentId: album }),
      f.bought(refundedFan, { kind: 'content', contentId: album }).then((id) => f.refunded(id)),
      f
        .bought(twiceFan, { kind: 'content', contentId: album })
        .then(() => f.bought(twiceFan, { kind: 'content', contentId: another })),
      f.subscribe(lapsedFan, owner, 'expired'),
    ]);
    const [paid, twice, lapsed] = [paidFan.userId, twiceFan.userId, lapsedFan.userId];
    expect((await f.call('PUT', `/api/favorites/${owner.slug}`, favourite.token)).status).toBe(204);
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
  }, 120_000);
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
