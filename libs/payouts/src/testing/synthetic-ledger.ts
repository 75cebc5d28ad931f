/**
 * Synthetic ledger data for the crash test and the month-end benchmark: payees with a crypto
 * payout method and N monthly-schedule sales each, booked as real balanced transactions (the
 * ledger trigger checks and derives them like any posting). Run SEED_PAYEES_SQL, then
 * SEED_SALES_SQL, per chunk of payees. Parameters are in the comments.
 *
 * A seeder of volume for the month-end crash test and bench/payouts.bench.mjs only, and SQL on
 * purpose: tens of thousands of sales booked through checkout and the payment webhook would take
 * longer than the runs they feed, and the ledger's own trigger still checks and derives every posting.
 * No suite that shows a user's path seeds through it.
 */

/** $1 JSON array of payee ids, $2 currency. */
export const SEED_PAYEES_SQL = `
with owners as (select (value #>> '{}')::uuid as owner_id from jsonb_array_elements($1::jsonb)),
current_accounts as (
  insert into ledger_accounts (owner_id, kind, currency) select owner_id, 'earnings_current', $2 from owners returning id, owner_id
),
pending_accounts as (
  insert into ledger_accounts (owner_id, kind, currency, current_account_id) select owner_id, 'earnings_pending', $2, id from current_accounts returning 1
)
insert into payout_methods (user_id, kind, network, address, updated_at)
select owner_id, 'crypto', 'solana', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', now() from owners
on conflict (user_id) do nothing`;

/** $1 JSON array of payee ids, $2 currency, $3 sales per payee, $4 gross minor, $5 release day, $6 occurred at, $7 clearing account, $8 revenue account. */
export const SEED_SALES_SQL = `
with pending as (
  select a.id, a.owner_id from ledger_accounts a
   where a.kind = 'earnings_pending' and a.currency = $2 and a.owner_id in (select (value #>> '{}')::uuid from jsonb_array_elements($1::jsonb))
),
tx as (
  insert into ledger_transactions (idempotency_key, kind, payee_id, sale_id, currency, gross_minor, release_on, hold_reason, description, occurred_at)
  select 'sale:synthetic:' || $5 || ':' || p.owner_id || ':' || g, 'sale', p.owner_id, 'synthetic:' || $5 || ':' || p.owner_id || ':' || g, $2, $4::bigint, $5::date,
         'Monthly payout: released on the last calendar day of the month', 'Synthetic sale', $6::timestamptz
    from pending p cross join generate_series(1, $3::int) as g
  returning id, payee_id, occurred_at
)
insert into ledger_entries (transaction_id, occurred_at, account_id, amount_minor, currency, release_on)
select tx.id, tx.occurred_at, $7::bigint, -($4::bigint), $2, null from tx
union all
select tx.id, tx.occurred_at, p.id, ($4::bigint * 3) / 4, $2, $5::date from tx join pending p on p.owner_id = tx.payee_id
union all
select tx.id, tx.occurred_at, $8::bigint, $4::bigint - ($4::bigint * 3) / 4, $2, null from tx`;
