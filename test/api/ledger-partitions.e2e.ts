import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { QueryBus } from '@nestjs/cqrs';
import { BookReversal, BookSale, Ledger, PayeeShares } from '#app/payouts';
import type { PostSaleJob } from '#app/platform';
import { databaseBefore, inMonths, misplacedSql, monthPartition, type OwnDatabase } from './partition-fixtures.js';

/**
 * ledger_transactions and ledger_entries partitioned by month of occurred_at, on a ledger that held
 * postings before the migration: every row and every sum kept, balances untouched, and the ledger's
 * own checks (balanced transactions, immutability, one posting per idempotency key) still hold on
 * every partition.
 */
let db: OwnDatabase;
const sql = <T extends object>(query: string, params: unknown[] = []) => db.sql<T>(query, params);
const payees = [randomUUID(), randomUUID(), randomUUID()];
let clearing: number;
let revenue: number;

/** Every transaction and entry (without the new column), the derived balances, and the totals: the same before and after. */
const FINGERPRINT = `
  select (select count(*)::int from ledger_transactions) as transactions,
         (select md5(string_agg(t::text, '|' order by id)) from ledger_transactions t) as transaction_rows,
         (select count(*)::int from ledger_entries) as entries,
         (select sum(abs(amount_minor))::text from ledger_entries) as moved,
         (select md5(string_agg(format('%s %s %s %s %s %s', id, transaction_id, account_id, amount_minor, currency, release_on), '|' order by id)) from ledger_entries) as entry_rows,
         (select md5(string_agg(b::text, '|' order by account_id, bucket)) from ledger_balances b) as balances`;
let before: Record<string, unknown>;

const ledgerSale = (over: Partial<PostSaleJob> = {}): PostSaleJob => ({
  saleId: randomUUID(),
  creatorId: payees[0],
  referrerId: null,
  grossMinor: 1000,
  currency: 'EUR',
  rail: 'fiat',
  kind: 'content',
  description: 'Purchase: A song',
  occurredAt: new Date().toISOString(),
  ...over,
});
// This suite runs the ledger without the identity module: its payees are ids with no user row, which identity answers null for.
const noUsers = { execute: async () => null } as unknown as QueryBus;
const booker = () => new BookSale(db.orm, new Ledger(), new PayeeShares(new Ledger(), noUsers));
const pendingOf = async (payee: string) =>
  Number(
    (
      await sql<{ total: string }>(
        `select coalesce(sum(b.balance_minor), 0)::text as total from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.owner_id = ? and a.kind = 'earnings_pending'`,
        [payee],
      )
    )[0].total,
  );

beforeAll(async () => {
  db = await databaseBefore('Migration20261202120000LedgerPartitions', 'ledger');
  [{ id: clearing }, { id: revenue }] = await sql<{ id: number }>(
    `insert into ledger_accounts (owner_id, kind, currency) values (null, 'provider_clearing', 'EUR'), (null, 'platform_revenue', 'EUR') returning id`,
  );
  for (const payee of payees) {
    await sql(
      `with c as (insert into ledger_accounts (owner_id, kind, currency) values (?, 'earnings_current', 'EUR') returning id)
       insert into ledger_accounts (owner_id, kind, currency, current_account_id) select ?, 'earnings_pending', 'EUR', id from c`,
      [payee, payee],
    );
  }
  // 300 sales over the last thirteen months, posted as the old ledger took them (its trigger checks and derives).
  await sql(
    `with tx as (
       insert into ledger_transactions (idempotency_key, kind, payee_id, sale_id, currency, gross_minor, release_on, hold_reason, description, occurred_at)
       select 'sale:old:' || g, 'sale', (?::jsonb ->> (g % 3))::uuid, 'old:' || g, 'EUR', 100 + (g * 13) % 9000, current_date + (g % 40), 'Held', 'Old sale ' || g,
              date_trunc('month', now()) - interval '13 months' + g * interval '31 hours'
         from generate_series(1, 300) g
       returning id, payee_id, gross_minor, release_on)
     insert into ledger_entries (transaction_id, account_id, amount_minor, currency, release_on)
     select tx.id, ?::bigint, -tx.gross_minor, 'EUR', null from tx
     union all
     select tx.id, a.id, tx.gross_minor * 3 / 4, 'EUR', tx.release_on from tx join ledger_accounts a on a.owner_id = tx.payee_id and a.kind = 'earnings_pending'
     union all
     select tx.id, ?::bigint, tx.gross_minor - tx.gross_minor * 3 / 4, 'EUR', null from tx`,
    [JSON.stringify(payees), clearing, revenue],
  );
  [before] = await sql(FINGERPRINT);
  await db.finish();
}, 180_000);

afterAll(async () => {
  await db?.drop();
});

describe('the ledger partitioned by month', () => {
  it('keeps every transaction, entry and balance as it was, each row in the partition of its month', async () => {
    const [after] = await sql(FINGERPRINT);
    expect(after).toEqual(before);
    expect(before).toMatchObject({ transactions: 300, entries: 900 });
    expect(await sql(misplacedSql('ledger_transactions', 'occurred_at'))).toEqual([{ n: 0 }]);
    expect(await sql(misplacedSql('ledger_entries', 'occurred_at'))).toEqual([{ n: 0 }]);
    // An entry carries its transaction's time, and so sits in the same month.
    expect(
      await sql(
        `select count(*)::int as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id and t.occurred_at = e.occurred_at`,
      ),
    ).toEqual([{ n: 900 }]);
    expect(
      await sql(
        `select count(*)::int as n from ledger_idempotency k join ledger_transactions t on t.id = k.transaction_id and t.occurred_at = k.occurred_at and t.idempotency_key = k.idempotency_key`,
      ),
    ).toEqual([{ n: 300 }]);
    expect(
      await sql(
        `select relname, relkind::text as kind from pg_class where relname in ('ledger_transactions', 'ledger_entries') order by relname`,
      ),
    ).toEqual([
      { relname: 'ledger_entries', kind: 'p' },
      { relname: 'ledger_transactions', kind: 'p' },
    ]);
  });

  it('books a sale through the ledger into this month, once however often it is delivered, and derives the balance', async () => {
    const pending = await pendingOf(payees[0]);
    const sale = ledgerSale();
    expect(await booker().book(sale)).toBe(true);
    expect(await booker().book(sale)).toBe(false);
    expect(await pendingOf(payees[0])).toBe(pending + 750);
    const rows = await sql<{ t: string; e: string }>(
      `select t.tableoid::regclass::text as t, e.tableoid::regclass::text as e from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at where t.sale_id = ?`,
      [sale.saleId],
    );
    expect(rows).toEqual(
      Array(3).fill({
        t: monthPartition('ledger_transactions', new Date()),
        e: monthPartition('ledger_entries', new Date()),
      }),
    );
    // Ids go on from the old ones.
    expect(
      await sql(`select count(*)::int as n from ledger_transactions where sale_id = ? and id > 300`, [sale.saleId]),
    ).toEqual([{ n: 1 }]);
    // A refund finds the booking through its key, in its partition.
    expect(
      await new BookReversal(db.orm, new Ledger()).book({
        saleId: sale.saleId,
        kind: 'refund',
        eventId: `${sale.saleId}:refund`,
        occurredAt: new Date().toISOString(),
      }),
    ).toBe(true);
    expect(await pendingOf(payees[0])).toBe(pending);
  });

  it('refuses an unbalanced transaction, and an entry whose time is not its transaction’s', async () => {
    const balances = (await sql(FINGERPRINT))[0];
    const post = (extra: number, entryAt: string) =>
      sql(
        `with tx as (insert into ledger_transactions (idempotency_key, kind, currency, description, occurred_at) values (?, 'correction', 'EUR', 'bad', now()) returning id, occurred_at)
         insert into ledger_entries (transaction_id, occurred_at, account_id, amount_minor, currency)
         select tx.id, ${entryAt}, ?::bigint, ?::bigint, 'EUR' from tx union all select tx.id, ${entryAt}, ?::bigint, ?::bigint, 'EUR' from tx`,
        [`test:${randomUUID()}`, clearing, -5, revenue, 5 + extra],
      );
    await expect(post(1, 'tx.occurred_at')).rejects.toThrow(/does not balance/);
    await expect(post(0, `tx.occurred_at - interval '1 day'`)).rejects.toThrow(/without its transaction/);
    expect((await sql(FINGERPRINT))[0]).toEqual(balances);
  });

  it('refuses to change, remove or truncate posted rows, through the tables and through any partition, and a write aimed at a partition', async () => {
    const [old] = await sql<{ id: string; part: string }>(
      `select id::text, tableoid::regclass::text as part from ledger_entries order by id limit 1`,
    );
    const [{ tx }] = await sql<{ tx: string }>(
      `select tableoid::regclass::text as tx from ledger_transactions order by id limit 1`,
    );
    const refused = [
      `update ledger_entries set amount_minor = 1 where id = ${old.id}`,
      `delete from ledger_entries where id = ${old.id}`,
      `delete from ${old.part}`,
      `update ${tx} set description = 'x'`,
      `delete from ${tx}`,
      `truncate ledger_entries`,
      `truncate ${old.part}`,
      `truncate ledger_transactions_default`,
    ];
    for (const statement of refused) await expect(sql(statement)).rejects.toThrow(/immutable/);
    // Straight into a partition, the balance check and the balances would be skipped.
    await expect(sql(`insert into ${old.part} select * from ledger_entries where id = ${old.id}`)).rejects.toThrow(
      /written through their table/,
    );
    await expect(
      sql(`insert into ledger_entries_default select * from ledger_entries where id = ${old.id}`),
    ).rejects.toThrow(/written through their table/);
    const [after] = await sql(FINGERPRINT);
    expect(after).toMatchObject({ entries: 906 });
  });

  it('takes postings past the prepared months in the default partitions, and moves them to their month without touching the balances', async () => {
    const far = inMonths(30);
    const sale = ledgerSale({ creatorId: payees[1], occurredAt: far.toISOString() });
    expect(await booker().book(sale)).toBe(true);
    const where = () =>
      sql(
        `select distinct t.tableoid::regclass::text as t, e.tableoid::regclass::text as e from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at where t.sale_id = ?`,
        [sale.saleId],
      );
    expect(await where()).toEqual([{ t: 'ledger_transactions_default', e: 'ledger_entries_default' }]);
    const [held] = await sql(FINGERPRINT);
    expect(
      await sql(
        `select monthly_partitions_add('ledger_transactions', 31) as t, monthly_partitions_add('ledger_entries', 31) as e`,
      ),
    ).toEqual([{ t: 19, e: 19 }]);
    expect(await where()).toEqual([
      { t: monthPartition('ledger_transactions', far), e: monthPartition('ledger_entries', far) },
    ]);
    expect(
      await sql(
        `select (select count(*) from ledger_transactions_default)::int + (select count(*) from ledger_entries_default)::int as n`,
      ),
    ).toEqual([{ n: 0 }]);
    expect((await sql(FINGERPRINT))[0]).toMatchObject({
      transactions: (held as { transactions: number }).transactions,
      entries: (held as { entries: number }).entries,
      balances: (held as { balances: string }).balances,
    });
    // The new months are guarded like the others, and booking the sale again still changes nothing.
    await expect(sql(`delete from ${monthPartition('ledger_entries', far)}`)).rejects.toThrow(/immutable/);
    await expect(sql(`truncate ${monthPartition('ledger_transactions', far)}`)).rejects.toThrow(/immutable/);
    expect(await booker().book(sale)).toBe(false);
    expect(
      await sql(
        `select monthly_partitions_add('ledger_transactions', 31) as t, monthly_partitions_add('ledger_entries', 31) as e`,
      ),
    ).toEqual([{ t: 0, e: 0 }]);
  });
});
