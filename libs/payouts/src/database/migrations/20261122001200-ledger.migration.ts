import { Migration } from '@mikro-orm/migrations';

/**
 * The double-entry ledger (ARCHITECTURE "Money"). Entries are signed integer minor units:
 * positive credits an account, negative debits it, and each transaction's entries sum to zero per
 * currency. Rows are immutable; balances are derived from entries by a statement trigger into
 * ledger_balances (per account and, for pending earnings, per release day).
 */
export class Migration20261122001200Ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ledger_accounts (
        id bigserial primary key,
        owner_id uuid null,
        kind text not null check (kind in ('earnings_pending', 'earnings_current', 'platform_revenue', 'provider_clearing', 'payouts_in_transit', 'payouts_settled')),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        -- A pending-earnings account names its current-earnings twin (opened in the same statement),
        -- so the month-end close reads both from one row.
        current_account_id bigint null references ledger_accounts (id),
        check ((owner_id is null) = (kind not in ('earnings_pending', 'earnings_current'))),
        check ((kind = 'earnings_pending') = (current_account_id is not null)),
        unique nulls not distinct (owner_id, kind, currency)
      )`);
    this.addSql(`
      create table revenue_splits (
        id serial primary key,
        rail text not null check (rail in ('fiat', 'token')),
        creator_bps int not null check (creator_bps between 0 and 10000),
        referral_bps int not null check (referral_bps between 0 and 10000),
        effective_from timestamptz not null,
        note text not null default '',
        check (creator_bps + referral_bps <= 10000),
        unique (rail, effective_from)
      )`);
    // SPEC §6/§9: fiat 75/25, token 90/10, the 5% referral commission out of the platform share.
    this.addSql(`insert into revenue_splits (rail, creator_bps, referral_bps, effective_from, note) values
      ('fiat', 7500, 500, '2024-01-01T00:00:00Z', 'Launch split: creator 75%, platform 25% (referral 5% from the platform share)'),
      ('token', 9000, 500, '2024-01-01T00:00:00Z', 'Launch split: creator 90%, platform 10% (referral 5% from the platform share)')`);
    this.addSql(`
      create table ledger_transactions (
        id bigserial primary key,
        idempotency_key text not null,
        kind text not null check (kind in ('sale', 'referral', 'refund', 'chargeback', 'month_end', 'payout_settled', 'payout_returned', 'correction')),
        payee_id uuid null,
        sale_id text null,
        currency char(3) not null,
        gross_minor bigint null,
        split_id int null references revenue_splits (id),
        release_on date null,
        hold_reason text null,
        description text not null,
        occurred_at timestamptz not null,
        recorded_at timestamptz not null default now(),
        constraint ledger_transactions_idempotency_key unique (idempotency_key)
      )`);
    this.addSql(`create index ledger_transactions_sale on ledger_transactions (sale_id) where sale_id is not null`);
    this.addSql(`create index ledger_transactions_payee on ledger_transactions (payee_id, kind, id)`);
    this.addSql(`
      create table ledger_entries (
        id bigserial primary key,
        -- Checked by the statement trigger below (exists, same currency) in one set-based pass per
        -- statement, instead of a per-row foreign-key trigger: a month-end close writes millions.
        transaction_id bigint not null,
        account_id bigint not null,
        amount_minor bigint not null check (amount_minor <> 0),
        currency char(3) not null,
        release_on date null
      )`);
    // No index on account_id: a payee's entries are reached through their transactions
    // (ledger_transactions_payee), and balances are read from ledger_balances.
    this.addSql(`create index ledger_entries_transaction on ledger_entries (transaction_id)`);
    this.addSql(`
      create table ledger_balances (
        account_id bigint not null references ledger_accounts (id),
        bucket date not null,
        balance_minor bigint not null,
        primary key (account_id, bucket)
      )`);

    // Immutability: nothing posted is ever changed or removed; corrections are new entries.
    this.addSql(`
      create function ledger_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger rows are immutable: % on % refused (post a correcting transaction instead)', tg_op, tg_table_name using errcode = '55000';
      end $$`);
    for (const table of ['ledger_entries', 'ledger_transactions', 'ledger_accounts']) {
      this.addSql(
        `create trigger ${table}_immutable before update or delete on ${table} for each row execute function ledger_refuse_change()`,
      );
      this.addSql(
        `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ledger_refuse_change()`,
      );
    }

    // Every statement's entries balance per transaction and currency, and the derived balances
    // follow in the same statement (ordered, so concurrent postings lock rows in one order).
    this.addSql(`
      create function ledger_after_entries() returns trigger language plpgsql
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
        if exists (select 1 from (select distinct transaction_id, currency from new_entries) n left join ledger_transactions t on t.id = n.transaction_id
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
      end $$`);
    this.addSql(
      `create trigger ledger_entries_after_insert after insert on ledger_entries referencing new table as new_entries for each statement execute function ledger_after_entries()`,
    );

    this.addSql(`
      create table payee_profiles (
        user_id uuid primary key,
        first_earning_at timestamptz not null,
        high_risk boolean not null default false,
        risk_reason text null,
        last_incident_at timestamptz null
      )`);
    this.addSql(`
      create table payout_methods (
        user_id uuid primary key,
        kind text not null check (kind in ('bank', 'crypto')),
        account_holder text null,
        iban text null,
        currency char(3) null,
        network text null check (network in ('solana')),
        address text null,
        updated_at timestamptz not null,
        check ((kind = 'bank') = (iban is not null and account_holder is not null and currency is not null)),
        check ((kind = 'crypto') = (address is not null and network is not null))
      )`);
    this.addSql(`
      create table payout_runs (
        id uuid primary key,
        period text not null check (period ~ '^[0-9]{4}-[0-9]{2}$'),
        cutoff date not null,
        batches int not null,
        started_at timestamptz not null,
        finished_at timestamptz null,
        constraint payout_runs_period unique (period)
      )`);
    this.addSql(`
      create table payout_run_batches (
        run_id uuid not null references payout_runs (id),
        batch_no int not null,
        -- A range of pending-earnings account ids (one per payee and currency), in the order the
        -- accounts were opened, so a batch reads neighbouring rows. The upper bound is exclusive and
        -- null for the last batch: accounts opened during the run still belong to a batch.
        first_account bigint not null,
        before_account bigint null,
        status text not null default 'open' check (status in ('open', 'done')),
        payees int null,
        processed_by text null,
        processed_at timestamptz null,
        primary key (run_id, batch_no)
      )`);
    this.addSql(`create index payout_run_batches_open on payout_run_batches (run_id, batch_no) where status = 'open'`);
    this.addSql(`
      create table payouts (
        id uuid primary key default gen_random_uuid(),
        -- payout_runs rows are never deleted; no per-row foreign-key check on a million inserts
        run_id uuid not null,
        batch_no int not null,
        payee_id uuid not null,
        period text not null,
        currency char(3) not null,
        amount_minor bigint not null check (amount_minor > 0),
        method text not null check (method in ('bank', 'crypto')),
        destination text not null,
        status text not null default 'pending' check (status in ('pending', 'submitted', 'paid', 'failed')),
        provider_ref text null,
        failure_reason text null,
        created_at timestamptz not null,
        submitted_at timestamptz null,
        paid_at timestamptz null,
        constraint payouts_once unique (payee_id, currency, period)
      )`);
    this.addSql(`create index payouts_batch on payouts (run_id, batch_no)`);
    // A payee's payouts are found through payouts_once (payee_id leads it).
    this.addSql(`
      create table sandbox_payouts (
        payout_id uuid primary key,
        destination text not null,
        amount_minor bigint not null,
        currency char(3) not null,
        outcome text not null,
        received_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists sandbox_payouts, payouts, payout_run_batches, payout_runs, payout_methods, payee_profiles, ledger_balances, ledger_entries, ledger_transactions, revenue_splits, ledger_accounts cascade`,
    );
    this.addSql(`drop function if exists ledger_after_entries, ledger_refuse_change`);
  }
}
