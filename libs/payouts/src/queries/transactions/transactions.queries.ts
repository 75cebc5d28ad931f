import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatementLine } from './transactions.query.js';

export interface LineRow {
  id: string;
  kind: string;
  description: string;
  currency: string;
  occurred_at: Date;
  release_on: Date | string | null;
  hold_reason: string | null;
  account_kind: 'earnings_pending' | 'earnings_current';
  amount: string;
  released: boolean;
  payout_status: StatementLine['status'];
  payout_minor: string | null;
}

/** A page of the payee's ledger lines, newest first, each net per account; `before` pages by transaction id, `limit` null reads all. */
export function statementRows(
  em: EntityManager,
  userId: string,
  before: number | null,
  limit: number | null,
): Promise<LineRow[]> {
  return em.execute<LineRow[]>(
    // A page of the payee's transactions: their own (by payee) and their accounts' month-end closes (by account).
    `with pending as (select id, currency from ledger_accounts where owner_id = ? and kind = 'earnings_pending'),
     page as (
       select id, occurred_at from (
         (select id, occurred_at from ledger_transactions
           where payee_id = ? and kind <> 'month_end' and kind <> 'payout_settled' and (?::bigint is null or id < ?::bigint)
           order by id desc limit ?)
         union all
         (select c.id, c.occurred_at from pending cross join lateral (
            select id, occurred_at from ledger_transactions where account_id = pending.id and kind = 'month_end' and (?::bigint is null or id < ?::bigint)
             order by id desc limit ?) c)
       ) mine order by id desc limit ?)
     select t.id, t.kind, t.description, t.currency, t.occurred_at, t.release_on, t.hold_reason, a.kind as account_kind,
            sum(e.amount_minor) as amount,
            exists (select 1 from pending join ledger_transactions r on r.account_id = pending.id and r.kind = 'month_end'
                     where pending.currency = t.currency and r.release_on >= t.release_on and r.id > t.id) as released,
            p.status as payout_status, p.amount_minor as payout_minor
       from page join ledger_transactions t on t.id = page.id and t.occurred_at = page.occurred_at
       join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
       join ledger_accounts a on a.id = e.account_id and a.owner_id = ?
       left join payouts p on t.kind = 'month_end' and p.account_id = t.account_id and p.period = to_char(t.release_on, 'YYYY-MM')
      group by t.id, t.occurred_at, a.kind, sign(e.amount_minor), p.status, p.amount_minor
      order by t.id desc, a.kind desc, sum(e.amount_minor) desc`,
    [
      userId,
      userId,
      before,
      before,
      limit ?? 1_000_000,
      before,
      before,
      limit ?? 1_000_000,
      limit ?? 1_000_000,
      userId,
    ],
  );
}
