import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { PostgresPurchaseRepository } from '#app/commerce';
import { KeepPartitionsJob, PreparedStatements, uuidV7 } from '#app/platform';
import { databaseBefore, inMonths, misplacedSql, monthPartition, type OwnDatabase } from './partition-fixtures.js';

/**
 * purchases partitioned by month, on a database that held purchases before the migration: every row
 * kept, each in its month; the guarantees that were unique indexes (Idempotency-Key, one live purchase
 * of an item, one subscription payment in flight) still refused by PostgreSQL, and freed as before.
 */
let db: OwnDatabase;
let purchases: PostgresPurchaseRepository;
const sql = <T extends object>(query: string, params: unknown[] = []) => db.sql<T>(query, params);
const thisMonth = () => monthPartition('purchases', new Date());

const creator = randomUUID();
const store = randomUUID();
const fans = Array.from({ length: 5 }, () => randomUUID());
const [b1, b2, b3] = fans;
const i1 = randomUUID();
const i2 = randomUUID();
const ids = { owned: randomUUID(), failedOld: randomUUID(), openSub: randomUUID(), tip: randomUUID() };

interface NewPurchase {
  id?: string;
  buyer: string;
  kind: 'content' | 'subscription' | 'tip';
  content?: string | null;
  status: string;
  key?: string;
  createdAt: Date | string;
  amount?: number;
}

const COLUMNS =
  'id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method, status, idempotency_key, provider, created_at';
/** A purchase row as the checkout writes it; `returning id` is empty when the row was skipped. */
const insertPurchase = (p: NewPurchase) =>
  sql<{ id: string }>(
    `insert into purchases (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'EUR', 'card', ?, ?, 'sandbox', ?) returning id`,
    [
      p.id ?? uuidV7(new Date(p.createdAt)),
      p.buyer,
      store,
      creator,
      p.kind,
      p.kind === 'content' ? (p.content ?? randomUUID()) : null,
      p.kind === 'content' ? 'An item' : null,
      p.kind === 'content' ? 'video' : null,
      p.amount ?? 500,
      p.status,
      p.key ?? randomUUID(),
      p.createdAt,
    ],
  );

/** Everything a purchase row holds, in one hash, and the totals: the same before and after (columns later migrations add, empty on these rows, left out). */
const LATER_COLUMNS = `array['message_id', 'message_created_at', 'conversation_id', 'post_id']`;
const FINGERPRINT = `select count(*)::int as n, sum(amount_minor)::text as total,
                           md5(string_agg((to_jsonb(p) - ${LATER_COLUMNS})::text, '|' order by id)) as rows,
                           (select md5(string_agg(format('%s %s %s', n.id, n.purchase_id, n.kind), '|' order by n.id)) from creator_notifications n) as notes
                      from purchases p`;
let before: Record<string, unknown>;

beforeAll(async () => {
  db = await databaseBefore('Migration20261202110000PurchasesPartitions', 'purchases');
  await sql(
    `insert into stores (id, owner_id, slug, status, display_name, accent_color, layout, default_video_price_minor, default_album_price_minor, currency, allow_downloads, visibility,
                         subscription_enabled, subscription_price_minor, tips_enabled, minimum_tip_minor, referrals_enabled, accepts_collaboration_requests, is_nsfw, created_at, updated_at)
     values (?, ?, ?, 'active', 'Partition Shop', '#3366ff', 'grid', 999, 1499, 'EUR', false, 'public', true, 999, true, 300, true, false, false, now(), now())`,
    [store, creator, `part-${randomUUID().slice(0, 8)}`],
  );
  // Old ids are v4: they name no month and stay valid.
  await insertPurchase({
    id: ids.owned,
    buyer: b1,
    kind: 'content',
    content: i1,
    status: 'paid',
    key: 'old-owned',
    createdAt: '2025-03-15T10:00:00Z',
  });
  await insertPurchase({
    id: ids.failedOld,
    buyer: b1,
    kind: 'content',
    content: i2,
    status: 'failed',
    createdAt: '2025-03-20T10:00:00Z',
  });
  await insertPurchase({ id: ids.openSub, buyer: b2, kind: 'subscription', status: 'pending', createdAt: new Date() });
  await insertPurchase({ id: ids.tip, buyer: b2, kind: 'tip', status: 'paid', createdAt: inMonths(-1) });
  // Six hundred more over the last fourteen months, every status, a different item each.
  await sql(
    `insert into purchases (${COLUMNS})
     select gen_random_uuid(), (?::jsonb ->> (g % 5))::uuid, ?, ?, 'content', gen_random_uuid(), 'Item ' || g, 'album', 100 + (g * 37) % 5000, 'EUR', 'card',
            (array['paid', 'failed', 'expired', 'refunded', 'charged_back', 'requires_action', 'pending'])[1 + g % 7], 'bulk-' || g, 'sandbox',
            date_trunc('month', now()) - interval '13 months' + g * interval '17 hours'
       from generate_series(1, 600) g`,
    [JSON.stringify(fans), store, creator],
  );
  await sql(
    `insert into creator_notifications (user_id, kind, purchase_id, text, amount_minor, currency, created_at)
     select ?, 'sale', id, 'A sale', amount_minor, currency, now() from purchases where status = 'paid' and kind = 'content'`,
    [creator],
  );
  [before] = await sql(FINGERPRINT);
  await db.finish();
  purchases = new PostgresPurchaseRepository(db.orm, new PreparedStatements(db.orm));
}, 180_000);

afterAll(async () => {
  await db?.drop();
});

describe('purchases partitioned by month', () => {
  it('keeps every purchase and notification as it was, each purchase in the partition of its month, none in the default one', async () => {
    const [after] = await sql(FINGERPRINT);
    expect(after).toEqual(before);
    expect(Number((before as { n: number }).n)).toBe(604);
    expect(await sql(misplacedSql('purchases', 'created_at'))).toEqual([{ n: 0 }]);
    expect(await sql(`select relkind::text as kind from pg_class where relname = 'purchases'`)).toEqual([
      { kind: 'p' },
    ]);
    const parts = (
      await sql<{ part: string }>(
        `select inhrelid::regclass::text as part from pg_inherits where inhparent = 'purchases'::regclass`,
      )
    ).map((r) => r.part);
    for (const months of [0, 1, 12]) expect(parts).toContain(monthPartition('purchases', inMonths(months)));
    expect(parts).toEqual(expect.arrayContaining(['purchases_default', 'purchases_2025_03']));
    // The notifications point at their purchase by its whole key.
    expect(
      await sql(
        `select count(*)::int as n from creator_notifications n join purchases p on p.id = n.purchase_id and p.created_at = n.purchase_created_at`,
      ),
    ).toEqual([{ n: Number((await sql<{ n: number }>(`select count(*)::int as n from creator_notifications`))[0].n) }]);
  });

  it('carries every guarantee over: one key per purchase, a hold for each live item and open subscription payment', async () => {
    const [counts] = await sql<{
      keys: number;
      purchases: number;
      owned: number;
      live: number;
      open_subscriptions: number;
    }>(
      `select (select count(*)::int from purchase_idempotency) as keys,
              (select count(*)::int from purchases) as purchases,
              (select count(*)::int from content_ownership) as owned,
              (select count(*)::int from purchases where kind = 'content' and status in ('pending', 'requires_action', 'paid')) as live,
              (select count(*)::int from open_subscription_payments) as open_subscriptions`,
    );
    expect(counts).toMatchObject({ keys: 604, purchases: 604, open_subscriptions: 1 });
    expect(counts.owned).toBe(counts.live);
    expect(counts.live).toBeGreaterThan(200);
    expect(
      await sql(`select purchase_id from content_ownership where buyer_id = ? and content_id = ?`, [b1, i1]),
    ).toEqual([{ purchase_id: ids.owned }]);
  });

  it('writes a new purchase through the repository into this month, with a UUIDv7 id that alone finds its one partition', async () => {
    const subscription = randomUUID();
    const now = new Date();
    await sql(
      `insert into subscriptions (id, subscriber_id, store_id, creator_id, status, auto_renew, price_minor, currency, method, payment_method_ref, current_period_start, current_period_end, started_at, updated_at)
       values (?, ?, ?, ?, 'active', true, 999, 'EUR', 'card', 'pm_1', ?, ?, ?, ?)`,
      [subscription, b3, store, creator, inMonths(-1), now, inMonths(-1), now],
    );
    const renewal = {
      subscriberId: b3,
      storeId: store,
      creatorId: creator,
      subscriptionId: subscription,
      periodStart: now,
      amountMinor: 999,
      currency: 'EUR',
      method: 'card' as const,
      savedMethodRef: 'pm_1',
      provider: 'sandbox',
      createdAt: now,
    };
    const id = await purchases.placeRenewal(db.orm.em.fork(), { ...renewal, id: uuidV7(now) });
    // The same period again: the key is taken, nothing is written, and the first renewal answers.
    expect(await purchases.placeRenewal(db.orm.em.fork(), { ...renewal, id: uuidV7(now) })).toBe(id);
    expect(
      await sql(`select tableoid::regclass::text as part from purchases where subscription_id = ?`, [subscription]),
    ).toEqual([{ part: thisMonth() }]);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect((await purchases.find(id!))?.buyerId).toBe(b3);
    expect((await purchases.find(ids.owned))?.status).toBe('paid');

    const plan = (id: string) =>
      sql<{ 'QUERY PLAN': string }>(
        `explain select id from purchases p where p.id = '${id}' and p.created_at >= uuid_v7_month_start('${id}') and p.created_at < uuid_v7_month_end('${id}')`,
      ).then((rows) => rows.map((row) => row['QUERY PLAN']).join('\n'));
    const scanned = (text: string) => new Set(text.match(/purchases_(\d{4}_\d{2}|default)/g));
    expect([...scanned(await plan(id!))]).toEqual([thisMonth()]);
    // An id from before UUIDv7 names no month: every partition is read, and it is still found.
    expect(scanned(await plan(ids.owned)).size).toBeGreaterThan(10);
    // A UUIDv7 must name its own row's month.
    await expect(
      insertPurchase({ id: uuidV7(new Date()), buyer: b3, kind: 'tip', status: 'paid', createdAt: inMonths(-2) }),
    ).rejects.toThrow(/purchases_id_month/);
  });

  it('writes nothing for an Idempotency-Key the buyer used before, also one from before the migration', async () => {
    expect(
      await insertPurchase({ buyer: b1, kind: 'tip', status: 'pending', key: 'old-owned', createdAt: new Date() }),
    ).toEqual([]);
    const key = randomUUID();
    expect(
      await insertPurchase({ buyer: b3, kind: 'tip', status: 'pending', key, createdAt: new Date() }),
    ).toHaveLength(1);
    expect(await insertPurchase({ buyer: b3, kind: 'tip', status: 'pending', key, createdAt: inMonths(-3) })).toEqual(
      [],
    );
    // The key is the buyer's: another fan may use the same one.
    expect(
      await insertPurchase({ buyer: b2, kind: 'tip', status: 'pending', key, createdAt: new Date() }),
    ).toHaveLength(1);
    expect(
      await sql(`select count(*)::int as n from purchases where idempotency_key in ('old-owned', ?)`, [key]),
    ).toEqual([{ n: 3 }]);
  });

  it('refuses a second live purchase of an owned item in the database, and frees the item on refund as before', async () => {
    await expect(
      insertPurchase({ buyer: b1, kind: 'content', content: i1, status: 'pending', createdAt: new Date() }),
    ).rejects.toThrow(/purchases_owned_content/);
    // A failed or expired attempt holds nothing.
    expect(
      await insertPurchase({ buyer: b1, kind: 'content', content: i1, status: 'failed', createdAt: new Date() }),
    ).toHaveLength(1);
    // The item bought again while the old failed attempt waits: a late capture of that attempt is refused too.
    const again = await insertPurchase({
      buyer: b1,
      kind: 'content',
      content: i2,
      status: 'pending',
      createdAt: new Date(),
    });
    await expect(changeStatus(ids.failedOld, 'paid')).rejects.toThrow(/purchases_owned_content/);
    await changeStatus(again[0].id, 'expired');
    await changeStatus(ids.failedOld, 'paid');
    expect(
      await sql(`select purchase_id from content_ownership where buyer_id = ? and content_id = ?`, [b1, i2]),
    ).toEqual([{ purchase_id: ids.failedOld }]);

    await changeStatus(ids.owned, 'refunded');
    expect(await sql(`select 1 from content_ownership where buyer_id = ? and content_id = ?`, [b1, i1])).toEqual([]);
    const rebought = await insertPurchase({
      buyer: b1,
      kind: 'content',
      content: i1,
      status: 'pending',
      createdAt: new Date(),
    });
    expect(
      await sql(`select purchase_id from content_ownership where buyer_id = ? and content_id = ?`, [b1, i1]),
    ).toEqual([{ purchase_id: rebought[0].id }]);
  });

  it('refuses a second subscription payment in flight for a store, and frees it once the first one fails', async () => {
    await expect(
      insertPurchase({ buyer: b2, kind: 'subscription', status: 'pending', createdAt: new Date() }),
    ).rejects.toThrow(/purchases_pending_subscription/);
    await changeStatus(ids.openSub, 'failed');
    expect(
      await insertPurchase({ buyer: b2, kind: 'subscription', status: 'pending', createdAt: new Date() }),
    ).toHaveLength(1);
  });

  it('takes a purchase past the prepared months in the default partition, and moves it to its month when the month is made, notifications and all', async () => {
    const far = inMonths(30);
    const [{ id }] = await insertPurchase({ buyer: b3, kind: 'tip', status: 'paid', createdAt: far });
    await sql(
      `insert into creator_notifications (user_id, kind, purchase_id, purchase_created_at, text, amount_minor, currency, created_at) values (?, 'tip', ?, ?, 'A tip', 500, 'EUR', now())`,
      [creator, id, far],
    );
    expect(await sql(`select tableoid::regclass::text as part from purchases where id = ?`, [id])).toEqual([
      { part: 'purchases_default' },
    ]);
    expect(await sql(`select monthly_partitions_add('purchases', 31) as added`)).toEqual([{ added: 31 - 12 }]);
    expect(await sql(`select tableoid::regclass::text as part from purchases where id = ?`, [id])).toEqual([
      { part: monthPartition('purchases', far) },
    ]);
    expect(await sql(`select 1 from purchases_default`)).toEqual([]);
    // The notifications' foreign key stood aside for the move and is back, validated.
    expect(
      await sql(`select convalidated from pg_constraint where conname = 'creator_notifications_purchase_id_fkey'`),
    ).toEqual([{ convalidated: true }]);
    await expect(
      sql(
        `insert into creator_notifications (user_id, kind, purchase_id, purchase_created_at, text, amount_minor, currency, created_at) values (?, 'sale', ?, now(), 'x', 1, 'EUR', now())`,
        [creator, randomUUID()],
      ),
    ).rejects.toThrow(/foreign key/);
    expect(await sql(`select monthly_partitions_add('purchases', 31) as added`)).toEqual([{ added: 0 }]);
  });

  it("has the worker's daily job put back a missing month of every partitioned table, and change nothing the second time", async () => {
    for (const table of ['purchases', 'ledger_entries']) {
      await sql(`alter table ${table} detach partition ${monthPartition(table, inMonths(12))}`);
      await sql(`drop table ${monthPartition(table, inMonths(12))}`);
    }
    const job = new KeepPartitionsJob(db.orm);
    expect(await job.handle()).toEqual({
      audit_log: 0,
      ledger_entries: 1,
      ledger_transactions: 0,
      messages: 0,
      purchases: 1,
    });
    expect(await job.handle()).toEqual({
      audit_log: 0,
      ledger_entries: 0,
      ledger_transactions: 0,
      messages: 0,
      purchases: 0,
    });
  });
});

/** A status change as the payment handlers make it: locked, decided, saved. */
function changeStatus(id: string, status: string) {
  return db.orm.em.fork().transactional(async (em) => {
    const purchase = await purchases.lock(em, id);
    await purchases.save(em, { ...purchase!, status: status as never });
  });
}
