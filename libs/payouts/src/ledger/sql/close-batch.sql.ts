/**
 * The ledger's side of closing one batch of payees, in a single statement (set-based: a million
 * payees close in minutes' worth of rows, not a million round trips). Every read of a big table is
 * a LATERAL lookup by key, so a batch costs the same whatever the size of the ledger (a hash join
 * would scan the whole table once per batch: quadratic over a run). It posts each payee's close and
 * answers, as one JSON array of arrays, the balances each due payout is made of; the payouts themselves are
 * the payout repository's to store. Parameters in order: first pending account id, the batch's
 * exclusive upper bound (max bigint for the last batch), cutoff, period (key), cutoff (release_on),
 * description, now.
 */
export const CLOSE_BATCH_SQL = `
with transit as (
  select id, currency from ledger_accounts where owner_id is null and kind = 'payouts_in_transit'
),
payees as (
  select p.owner_id, p.currency, p.id as pending_id, p.current_account_id as current_id
    from ledger_accounts p
   where p.kind = 'earnings_pending' and p.id >= ?::bigint and p.id < ?::bigint
),
buckets as (
  select py.owner_id, py.currency, py.pending_id, b.bucket, b.balance_minor
    from payees py
    cross join lateral (select bucket, balance_minor from ledger_balances where account_id = py.pending_id and bucket <= ?::date and balance_minor <> 0 offset 0) b
),
released as (
  select owner_id, currency, sum(balance_minor)::bigint as amount, max(bucket) as through from buckets group by owner_id, currency
),
moves as (
  select py.owner_id, py.currency, py.pending_id, py.current_id, coalesce(r.amount, 0)::bigint as released, r.through, m.kind as method,
         coalesce(cb.balance_minor, 0)::bigint as current_minor,
         case m.kind when 'bank' then 'IBAN ••' || right(m.iban, 4) when 'crypto' then m.network || ' ' || left(m.address, 4) || '…' || right(m.address, 4) end as destination,
         case when m.kind is not null and coalesce(cb.balance_minor, 0) + coalesce(r.amount, 0) > 0
              then coalesce(cb.balance_minor, 0) + coalesce(r.amount, 0) else 0 end::bigint as payout,
         t.id as transit_id
    from payees py
    left join released r on r.owner_id = py.owner_id and r.currency = py.currency
    left join lateral (select balance_minor from ledger_balances where account_id = py.current_id and bucket = '-infinity'::date offset 0) cb on true
    left join lateral (select kind, iban, network, address from payout_methods where user_id = py.owner_id offset 0) m on true
    left join transit t on t.currency = py.currency
),
due as (
  select * from moves where released <> 0 or payout > 0
),
txs as (
  insert into ledger_transactions (idempotency_key, kind, payee_id, account_id, currency, release_on, description, occurred_at)
  select 'month-end:' || ? || ':' || d.pending_id, 'month_end', d.owner_id, d.pending_id, d.currency, ?::date, ?, ?::timestamptz from due d
  -- A payee closed before (its key is claimed in ledger_idempotency) is skipped by the claim trigger.
  returning id, account_id, occurred_at
),
entries as (
  -- Net per account: pending gives up its due buckets, current keeps what is not paid out (often
  -- nothing, so no entry), in-transit takes the payout.
  insert into ledger_entries (transaction_id, occurred_at, account_id, amount_minor, currency, release_on)
  select tx.id, tx.occurred_at, b.pending_id, -b.balance_minor, b.currency, b.bucket
    from txs tx join buckets b on b.pending_id = tx.account_id
  union all
  select tx.id, tx.occurred_at, d.current_id, d.released - d.payout, d.currency, null
    from txs tx join due d on d.pending_id = tx.account_id where d.released <> d.payout
  union all
  select tx.id, tx.occurred_at, d.transit_id, d.payout, d.currency, null
    from txs tx join due d on d.pending_id = tx.account_id where d.payout > 0
  returning 1
),
payable as (
  -- One array per due payout, in the order LedgerRepository.closeBatch reads them (no key names).
  select json_build_array(d.owner_id, d.pending_id, d.currency, d.current_minor, d.released, d.through, d.payout, d.method,
                          d.destination) as due
    from txs tx join due d on d.pending_id = tx.account_id where d.payout > 0
)
select (select count(*) from txs)::int as payees, (select count(*) from entries)::int as entries,
       (select coalesce(json_agg(due), '[]'::json) from payable) as payable`;
