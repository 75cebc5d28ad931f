import { Migration } from '@mikro-orm/migrations';
import { monthlyPartitionsSql } from '#app/platform';

/**
 * ledger_transactions and ledger_entries become partitioned by month of occurred_at (docs/scaling.md
 * §5), on a ledger that holds rows: in one transaction, each old table is renamed, the new one created
 * with the same columns, every row copied (an entry takes its transaction's occurred_at), and the old
 * tables dropped. ledger_accounts and ledger_balances stay as they are; balances are not re-derived.
 *
 * - An entry carries its transaction's occurred_at (the writer sets it, in the same statement), so the
 *   statement trigger finds each entry's transaction in one partition.
 * - The idempotency key, unique before, moves to ledger_idempotency (constraint name kept), claimed by
 *   a trigger before each transaction row: a key posted before skips the row, as ON CONFLICT DO NOTHING did.
 * - Immutability on every partition: the row triggers are cloned onto each; statement triggers are not,
 *   so each partition also refuses TRUNCATE, and an INSERT aimed at it directly (the balance check and
 *   the derived balances run only for inserts through the parent).
 */
export class Migration20261202120000LedgerPartitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ledger_transactions rename to ledger_transactions_unpartitioned`);
    this.addSql(
      `alter table ledger_transactions_unpartitioned drop constraint ledger_transactions_pkey, drop constraint ledger_transactions_idempotency_key`,
    );
    this.addSql(`drop index ledger_transactions_sale, ledger_transactions_payee, ledger_transactions_closes`);
    this.addSql(`alter table ledger_entries rename to ledger_entries_unpartitioned`);
    this.addSql(`alter table ledger_entries_unpartitioned drop constraint ledger_entries_pkey`);
    this.addSql(`drop index ledger_entries_transaction`);

    this.addSql(
      `create table ledger_transactions (like ledger_transactions_unpartitioned including defaults including constraints) partition by range (occurred_at)`,
    );
    this.addSql(
      `alter table ledger_transactions add primary key (id, occurred_at), add constraint ledger_transactions_split_id_fkey foreign key (split_id) references revenue_splits (id)`,
    );
    this.addSql(`alter sequence ledger_transactions_id_seq owned by ledger_transactions.id`);
    this.addSql(`create index ledger_transactions_sale on ledger_transactions (sale_id) where sale_id is not null`);
    this.addSql(
      `create index ledger_transactions_payee on ledger_transactions (payee_id, kind, id) where kind <> 'month_end'`,
    );
    this.addSql(
      `create index ledger_transactions_closes on ledger_transactions (account_id, id) where kind = 'month_end'`,
    );
    this.addSql(`
      create table ledger_idempotency (
        idempotency_key text not null constraint ledger_transactions_idempotency_key primary key,
        transaction_id bigint not null,
        occurred_at timestamptz not null
      )`);

    this.addSql(
      `create table ledger_entries (like ledger_entries_unpartitioned including defaults including constraints, occurred_at timestamptz not null) partition by range (occurred_at)`,
    );
    this.addSql(`alter table ledger_entries add primary key (id, occurred_at)`);
    this.addSql(`alter sequence ledger_entries_id_seq owned by ledger_entries.id`);
    this.addSql(`create index ledger_entries_transaction on ledger_entries (transaction_id)`);

    this.addSql(`
      create function ledger_refuse_direct_write() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger rows are immutable and written through their table: % on partition % refused', tg_op, tg_table_name using errcode = '55000';
      end $$`);
    this.addSql(`
      create function ledger_guard_partition(partition regclass) returns void language plpgsql as $$
      begin
        execute format('create trigger ledger_partition_guard before insert or truncate on %s for each statement execute function ledger_refuse_direct_write()', partition);
      end $$`);
    this.addSql(
      monthlyPartitionsSql('ledger_transactions', 'occurred_at', { onNewPartition: 'ledger_guard_partition' }),
    );
    this.addSql(monthlyPartitionsSql('ledger_entries', 'occurred_at', { onNewPartition: 'ledger_guard_partition' }));

    // Through the parents (partitions' statement triggers do not fire), before the parents' triggers
    // exist: the balances already hold these entries. Earlier months pass through the default partition.
    this.addSql(`insert into ledger_transactions select * from ledger_transactions_unpartitioned`);
    this.addSql(
      `insert into ledger_entries select e.*, t.occurred_at from ledger_entries_unpartitioned e join ledger_transactions_unpartitioned t on t.id = e.transaction_id`,
    );
    this.addSql(`select monthly_partitions_add('ledger_transactions'), monthly_partitions_add('ledger_entries')`);
    this.addSql(`insert into ledger_idempotency select idempotency_key, id, occurred_at from ledger_transactions`);
    this.addSql(`drop table ledger_entries_unpartitioned, ledger_transactions_unpartitioned`);

    this.addSql(LEDGER_REFUSE_CHANGE_SQL);
    this.addSql(LEDGER_CLAIM_IDEMPOTENCY_SQL);
    this.addSql(
      ledgerAfterEntriesSql(
        't.id = n.transaction_id and t.occurred_at = n.occurred_at',
        'transaction_id, occurred_at, currency',
      ),
    );
    this.addSql(
      `create trigger ledger_transactions_idempotency before insert on ledger_transactions for each row execute function ledger_claim_idempotency()`,
    );
    for (const table of ['ledger_entries', 'ledger_transactions']) {
      this.addSql(
        `create trigger ${table}_immutable before update or delete on ${table} for each row execute function ledger_refuse_change()`,
      );
      this.addSql(
        `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ledger_refuse_change()`,
      );
    }
    this.addSql(
      `create trigger ledger_entries_after_insert after insert on ledger_entries referencing new table as new_entries for each statement execute function ledger_after_entries()`,
    );
  }

  override async down(): Promise<void> {
    for (const table of ['ledger_entries', 'ledger_transactions']) {
      this.addSql(`alter table ${table} rename to ${table}_partitioned`);
      this.addSql(`alter table ${table}_partitioned rename constraint ${table}_pkey to ${table}_partitioned_pkey`);
    }
    for (const index of [
      'ledger_transactions_sale',
      'ledger_transactions_payee',
      'ledger_transactions_closes',
      'ledger_entries_transaction',
    ])
      this.addSql(`alter index ${index} rename to ${index}_partitioned`);
    this.addSql(
      `create table ledger_transactions (like ledger_transactions_partitioned including defaults including constraints)`,
    );
    this.addSql(
      `create table ledger_entries (like ledger_entries_partitioned including defaults including constraints)`,
    );
    this.addSql(`alter table ledger_entries drop column occurred_at`);
    this.addSql(`insert into ledger_transactions select * from ledger_transactions_partitioned`);
    this.addSql(
      `insert into ledger_entries select id, transaction_id, account_id, amount_minor, currency, release_on from ledger_entries_partitioned`,
    );
    this.addSql(`alter sequence ledger_transactions_id_seq owned by ledger_transactions.id`);
    this.addSql(`alter sequence ledger_entries_id_seq owned by ledger_entries.id`);
    // Dropping the partitioned tables fires none of their triggers (truncate triggers fire on TRUNCATE only).
    this.addSql(`drop table ledger_entries_partitioned, ledger_transactions_partitioned, ledger_idempotency`);
    this.addSql(
      `delete from monthly_partitioned_tables where parent_table in ('ledger_transactions', 'ledger_entries')`,
    );
    this.addSql(
      `drop function ledger_claim_idempotency(), ledger_guard_partition(regclass), ledger_refuse_direct_write()`,
    );
    this.addSql(`
      alter table ledger_transactions
        add primary key (id),
        add constraint ledger_transactions_idempotency_key unique (idempotency_key),
        add constraint ledger_transactions_split_id_fkey foreign key (split_id) references revenue_splits (id)`);
    this.addSql(`create index ledger_transactions_sale on ledger_transactions (sale_id) where sale_id is not null`);
    this.addSql(
      `create index ledger_transactions_payee on ledger_transactions (payee_id, kind, id) where kind <> 'month_end'`,
    );
    this.addSql(
      `create index ledger_transactions_closes on ledger_transactions (account_id, id) where kind = 'month_end'`,
    );
    this.addSql(`alter table ledger_entries add primary key (id)`);
    this.addSql(`create index ledger_entries_transaction on ledger_entries (transaction_id)`);
    this.addSql(ledgerAfterEntriesSql('t.id = n.transaction_id', 'transaction_id, currency'));
    for (const table of ['ledger_entries', 'ledger_transactions']) {
      this.addSql(
        `create trigger ${table}_immutable before update or delete on ${table} for each row execute function ledger_refuse_change()`,
      );
      this.addSql(
        `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ledger_refuse_change()`,
      );
    }
    this.addSql(
      `create trigger ledger_entries_after_insert after insert on ledger_entries referencing new table as new_entries for each statement execute function ledger_after_entries()`,
    );
  }
}

/** Nothing posted changes; only the partition keeper's move out of a default partition deletes (fanmint.repartitioning). */
const LEDGER_REFUSE_CHANGE_SQL = `
  create or replace function ledger_refuse_change() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' and tg_level = 'ROW' and tg_table_name like '%\\_default' and current_setting('fanmint.repartitioning', true) = 'on' then
      return old;
    end if;
    raise exception 'ledger rows are immutable: % on % refused (post a correcting transaction instead)', tg_op, tg_table_name using errcode = '55000';
  end $$`;

const LEDGER_CLAIM_IDEMPOTENCY_SQL = `
  create function ledger_claim_idempotency() returns trigger language plpgsql as $$
  begin
    insert into ledger_idempotency values (new.idempotency_key, new.id, new.occurred_at) on conflict do nothing;
    if not found then
      return null;
    end if;
    return new;
  end $$`;

/**
 * The statement trigger of 20261122001200 (balance per transaction and currency, entry's transaction
 * and account exist in its currency, balances derived), finding each entry's transaction by `join`.
 */
function ledgerAfterEntriesSql(join: string, distinctColumns: string): string {
  return `
    create or replace function ledger_after_entries() returns trigger language plpgsql
    -- The checks look each entry's transaction and account up by key: never a hash join that
    -- scans the whole (huge) ledger once per statement.
    set enable_hashjoin = off set enable_mergejoin = off as $$
    declare bad record;
    begin
      select n.transaction_id, n.currency, sum(n.amount_minor) as total into bad
        from new_entries n group by n.transaction_id, n.currency having sum(n.amount_minor) <> 0 limit 1;
      if found then
        raise exception 'ledger transaction % does not balance in %: off by %', bad.transaction_id, bad.currency, bad.total using errcode = '23514';
      end if;
      if exists (select 1 from (select distinct ${distinctColumns} from new_entries) n left join ledger_transactions t on ${join}
                  where t.id is null or t.currency <> n.currency) then
        raise exception 'ledger entry without its transaction, or in another currency' using errcode = '23503';
      end if;
      if exists (select 1 from (select distinct account_id, currency from new_entries) n left join ledger_accounts a on a.id = n.account_id
                  where a.id is null or a.currency <> n.currency) then
        raise exception 'ledger entry on an unknown account, or in another currency than the account' using errcode = '23503';
      end if;
      insert into ledger_balances (account_id, bucket, balance_minor)
        select n.account_id, coalesce(n.release_on, '-infinity'::date), sum(n.amount_minor)
          from new_entries n group by 1, 2 order by 1, 2
        on conflict (account_id, bucket) do update set balance_minor = ledger_balances.balance_minor + excluded.balance_minor;
      return null;
    end $$`;
}
