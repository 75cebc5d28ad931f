// Commerce sells from its own read model (issue 19): content-moderation's approved, removed and
// restored events reach sellable_items through the outbox and the worker, on both queue backends;
// the consumer ignores an older event that arrives late and a delivery it has seen; the backfill
// migration fills the table once from the content that was approved or removed before.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { commerceMigrations } from '#app/commerce';
import { QueueFactory, type ContentSaleEvent } from '#app/platform';
import { FixedClock, staffSession, startTestPlatform, submittedContent, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform, type Response } from './commerce-fixtures.js';

const backends: ('postgres' | 'redis')[] = ['postgres'];
if (process.env.TEST_REDIS_URL) backends.push('redis');
else if (process.env.CI === 'true')
  throw new Error('TEST_REDIS_URL is required in CI: the Redis queue suite may not be skipped');
else console.warn('Redis not available: the Redis queue suite is skipped');

interface SellableRow {
  creator_id: string;
  kind: string;
  title: string;
  price_minor: string;
  currency: string;
  status: string;
  version: number;
  updated_at: Date;
}

/** What a client sees of an answer: its status and body. */
const seen = (answer: Response) => ({ status: answer.status, body: answer.body as unknown });

describe.each(backends)('sellable items on the %s queue backend', (backend) => {
  const clock = new FixedClock(new Date());
  let f: Awaited<ReturnType<typeof startCommercePlatform>>;
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof staffSession>>;

  beforeAll(async () => {
    f = await startCommercePlatform(clock, { queueBackend: backend });
    platform = f.platform;
    admin = await staffSession(platform, 'admin', () => clock.now());
  });

  afterAll(async () => {
    await platform?.drain(30_000);
    await platform?.close();
  });

  const row = async (contentId: string) =>
    (await f.db().execute<SellableRow[]>(`select * from sellable_items where content_id = ?`, [contentId]))[0];
  const buy = (token: string, contentId: string, method: 'card' | 'crypto' = 'card') =>
    call(
      platform,
      'POST',
      '/api/purchases',
      token,
      { kind: 'content', contentId, method },
      { 'idempotency-key': newKey() },
    );
  const referralLink = (token: string, contentId: string) =>
    call(platform, 'POST', '/api/referral-links', token, { contentId });
  const moderate = async (contentId: string, action: 'remove' | 'restore') => {
    const answer = await call(
      platform,
      'POST',
      `/api/admin/content/${contentId}/${action}`,
      admin.token,
      action === 'remove' ? { reason: 'Takedown request upheld' } : undefined,
    );
    expect(answer.status).toBe(200);
  };

  /** A job as the relay would hand it to the worker, with the id of the outbox row that carried it. */
  const deliver = async (
    name: 'content-approved' | 'content-removed' | 'content-restored',
    event: ContentSaleEvent,
    messageId: string,
  ) => {
    const job = await platform
      .worker!.get(QueueFactory)
      .queue('moderation')
      .add(name, { ...event, messageId }, { jobId: `test-${randomUUID()}` });
    await platform.drain();
    const done = await platform.worker!.get(QueueFactory).queue('moderation').getJob(job.id!);
    return done?.returnvalue as unknown;
  };
  const eventOf = (
    contentId: string,
    version: number,
    overrides: Partial<ContentSaleEvent> = {},
  ): ContentSaleEvent => ({
    contentId,
    version,
    creatorId: f.creator.userId,
    kind: 'album',
    title: 'Synthetic album',
    priceMinor: 1200,
    currency: 'USD',
    occurredAt: clock.now().toISOString(),
    ...overrides,
  });

  it('an approved item is sellable once the worker applied the approval; until then it answers exactly as an unknown item', async () => {
    const fan = await f.newFan();
    const token = fan.session.access_token;
    // Approved in content-moderation while the worker's moderation queue is paused: the approval's event waits there.
    const unannounced = await submittedContent(platform, f.creator.token, {
      kind: 'album',
      title: 'Not yet announced',
      priceMinor: 900,
      currency: 'USD',
    });
    const moderation = platform.worker!.get(QueueFactory).queue('moderation');
    await moderation.pause();
    try {
      for (const step of ['claim', 'approve'])
        expect(
          (await call(platform, 'POST', `/api/admin/content/${unannounced}/${step}`, f.moderator.token)).status,
        ).toBe(200);
      expect(await row(unannounced)).toBeUndefined();
      const unknown = randomUUID();
      for (const method of ['card', 'crypto'] as const) {
        const expected = seen(await buy(token, unknown, method));
        expect(expected).toMatchObject({ status: 404, body: { code: 'content_not_found' } });
        expect(seen(await buy(token, unannounced, method))).toEqual(expected);
      }
      expect(seen(await referralLink(token, unannounced))).toEqual(seen(await referralLink(token, unknown)));
    } finally {
      await moderation.resume();
    }
    await platform.drain();
    expect(await row(unannounced)).toMatchObject({ title: 'Not yet announced', status: 'sellable', version: 1 });

    const albumId = await f.approvedItem('album', 1500, 'Announced album');
    expect(await row(albumId)).toMatchObject({
      creator_id: f.creator.userId,
      kind: 'album',
      title: 'Announced album',
      price_minor: '1500',
      currency: 'USD',
      status: 'sellable',
      version: 1,
    });
    const bought = await buy(token, albumId);
    expect(bought).toMatchObject({
      status: 201,
      body: {
        contentId: albumId,
        contentTitle: 'Announced album',
        amountMinor: 1500,
        currency: 'USD',
        status: 'requires_action',
      },
    });
    expect((await referralLink(token, albumId)).status).toBe(201);
  });

  it('a removed item stops being sellable once its event is applied, its buyers keep their purchase; restored, it sells again', async () => {
    const videoId = await f.approvedItem('video', 800, 'Removable video');
    const buyer = await f.newFan();
    const bought = await buy(buyer.session.access_token, videoId);
    expect(bought.status).toBe(201);
    await f.settle(bought.body.id);

    await moderate(videoId, 'remove');
    await platform.drain();
    expect(await row(videoId)).toMatchObject({ status: 'withdrawn', version: 2, price_minor: '800' });
    const fan = await f.newFan();
    const unknown = seen(await buy(fan.session.access_token, randomUUID()));
    expect(seen(await buy(fan.session.access_token, videoId))).toEqual(unknown);
    expect(seen(await buy(fan.session.access_token, videoId, 'crypto'))).toEqual(
      seen(await buy(fan.session.access_token, randomUUID(), 'crypto')),
    );
    expect(
      (await call(platform, 'GET', `/api/purchases/${bought.body.id}`, buyer.session.access_token)).body,
    ).toMatchObject({ id: bought.body.id, status: 'paid', contentId: videoId, contentTitle: 'Removable video' });

    await moderate(videoId, 'restore');
    await platform.drain();
    expect(await row(videoId)).toMatchObject({ status: 'sellable', version: 3, price_minor: '800' });
    expect(await buy(fan.session.access_token, videoId)).toMatchObject({
      status: 201,
      body: { contentId: videoId, amountMinor: 800 },
    });
    expect(
      (await call(platform, 'GET', `/api/purchases/${bought.body.id}/content`, buyer.session.access_token)).status,
    ).toBe(200);
  });

  it('a takedown upheld through a moderation case withdraws the item, an upheld appeal puts it back on sale', async () => {
    const albumId = await f.approvedItem('album', 650, 'Disputed album');
    const resolve = async (caseId: string, outcome: 'content_removed' | 'content_restored') => {
      expect(
        (await call(platform, 'POST', `/api/admin/moderation/cases/${caseId}/claim`, f.moderator.token)).status,
      ).toBe(200);
      expect(
        (
          await call(platform, 'POST', `/api/admin/moderation/cases/${caseId}/resolve`, f.moderator.token, {
            outcome,
            note: 'Checked; decided.',
          })
        ).body,
      ).toMatchObject({ outcome });
    };
    const takedown = await call(platform, 'POST', '/api/moderation/takedown-requests', null, {
      subjectType: 'content',
      subjectId: albumId,
      reason: 'depicted_without_consent',
      details: 'I appear in this album without consent.',
      email: 'person@example.test',
    });
    await resolve(takedown.body.id, 'content_removed');
    await platform.drain();
    expect(await row(albumId)).toMatchObject({ status: 'withdrawn', version: 2 });
    const fan = await f.newFan();
    expect((await buy(fan.session.access_token, albumId)).body).toMatchObject({ code: 'content_not_found' });

    const appeal = await call(platform, 'POST', '/api/moderation/appeals', f.creator.token, {
      subjectType: 'content',
      subjectId: albumId,
      reason: 'creator_removal',
      details: 'The person signed a release; here it is.',
      email: f.creator.email,
    });
    await resolve(appeal.body.id, 'content_restored');
    await platform.drain();
    expect(await row(albumId)).toMatchObject({ status: 'sellable', version: 3 });
    expect((await buy(fan.session.access_token, albumId)).status).toBe(201);
  });

  it('an older event delivered after a newer one changes nothing', async () => {
    const contentId = randomUUID();
    expect(await deliver('content-approved', eventOf(contentId, 1), randomUUID())).toBe('applied');
    clock.advance(1000);
    expect(await deliver('content-removed', eventOf(contentId, 3), randomUUID())).toBe('applied');
    const newest = await row(contentId);
    expect(newest).toMatchObject({ status: 'withdrawn', version: 3 });

    clock.advance(1000);
    // The restore of version 2 (and a repeat of the approval) arrive late, carrying other facts too.
    expect(
      await deliver('content-restored', eventOf(contentId, 2, { title: 'Late title', priceMinor: 99 }), randomUUID()),
    ).toBe('stale');
    expect(await deliver('content-approved', eventOf(contentId, 1), randomUUID())).toBe('stale');
    expect(await row(contentId)).toEqual(newest);
    const fan = await f.newFan();
    expect((await buy(fan.session.access_token, contentId)).status).toBe(404);
  });

  it('the same event delivered twice changes nothing the second time', async () => {
    const contentId = randomUUID();
    const messageId = randomUUID();
    const event = eventOf(contentId, 1, { title: 'Twice delivered', priceMinor: 700 });
    expect(await deliver('content-approved', event, messageId)).toBe('applied');
    const first = await row(contentId);
    expect(first).toMatchObject({ status: 'sellable', version: 1, title: 'Twice delivered', price_minor: '700' });

    clock.advance(1000);
    expect(await deliver('content-approved', event, messageId)).toBe('duplicate');
    expect(await row(contentId)).toEqual(first);
    // The same event in another message (published twice): its version is no newer, so nothing changes either.
    expect(await deliver('content-approved', event, randomUUID())).toBe('stale');
    expect(await row(contentId)).toEqual(first);
    const claims = await f
      .db()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from processed_message where consumer = 'commerce.sellable-items' and message_id = ?`,
        [messageId],
      );
    expect(claims[0].n).toBe(1);
  });
});

describe('the sellable items backfill migration', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ worker: false });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('fills sellable_items from approved (sellable) and removed (withdrawn) content at its revision, leaves the rest and existing rows alone, and does nothing twice', async () => {
    const orm = platform.api.get(MikroORM);
    const db = () => orm.em.fork();
    const creatorId = randomUUID();
    const ids = {
      approved: randomUUID(),
      removed: randomUUID(),
      pending: randomUUID(),
      rejected: randomUUID(),
      draft: randomUUID(),
      known: randomUUID(),
    };
    const seed = (id: string, status: string, revision: number, title: string, price: number) =>
      db().execute(
        `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, rejection_reason, revision, created_at, updated_at)
         values (?, ?, 'video', ?, ?, 'EUR', ?, ?, ?, now(), now())`,
        [id, creatorId, title, price, status, status === 'rejected' ? 'Not this one' : null, revision],
      );
    await seed(ids.approved, 'approved', 4, 'Approved before', 1100);
    await seed(ids.removed, 'removed', 2, 'Removed before', 1200);
    await seed(ids.pending, 'pending_review', 0, 'Pending', 1300);
    await seed(ids.rejected, 'rejected', 0, 'Rejected', 1400);
    await seed(ids.draft, 'draft', 0, 'Draft', 1500);
    await seed(ids.known, 'approved', 1, 'Known already', 1600);
    // An event newer than the content row's revision was applied already: the backfill must not undo it.
    await db().execute(
      `insert into sellable_items (content_id, creator_id, kind, title, price_minor, currency, status, version, updated_at)
       values (?, ?, 'video', 'Known already', 1600, 'EUR', 'withdrawn', 5, now())`,
      [ids.known, creatorId],
    );

    const Backfill = commerceMigrations.find(
      (migration) => migration.name === 'Migration20261126100200SellableItemsBackfill',
    )!;
    const runBackfill = async () => {
      const migration = new Backfill(orm.em.getDriver(), orm.config);
      await migration.up();
      for (const query of migration.getQueries()) await db().execute(query as string);
    };
    const rows = () =>
      db().execute<
        {
          content_id: string;
          title: string;
          price_minor: string;
          currency: string;
          status: string;
          version: number;
          updated_at: Date;
        }[]
      >(
        `select content_id, title, price_minor, currency, status, version, updated_at from sellable_items where creator_id = ? order by title`,
        [creatorId],
      );

    await runBackfill();
    const filled = await rows();
    expect(filled.map(({ updated_at: _, ...rest }) => rest)).toEqual([
      {
        content_id: ids.approved,
        title: 'Approved before',
        price_minor: '1100',
        currency: 'EUR',
        status: 'sellable',
        version: 4,
      },
      {
        content_id: ids.known,
        title: 'Known already',
        price_minor: '1600',
        currency: 'EUR',
        status: 'withdrawn',
        version: 5,
      },
      {
        content_id: ids.removed,
        title: 'Removed before',
        price_minor: '1200',
        currency: 'EUR',
        status: 'withdrawn',
        version: 2,
      },
    ]);

    await runBackfill();
    expect(await rows()).toEqual(filled);
  });
});
