import type { EntityManager } from '@mikro-orm/postgresql';
import { dayOf } from '../../domain/calendar.js';
import type { PendingBucket } from '../../domain/next-payout.js';

export interface BalanceRow {
  currency: string;
  pending: string;
  current: string;
  adjustments: string;
}

/** Per currency: the payee's pending and current balances, and this month's refunds, chargebacks and corrections on them. */
export function balancesOf(em: EntityManager, userId: string, monthStart: Date): Promise<BalanceRow[]> {
  return em.execute<BalanceRow[]>(
    `select a.currency,
            coalesce(sum(b.balance_minor) filter (where a.kind = 'earnings_pending'), 0) as pending,
            coalesce(sum(b.balance_minor) filter (where a.kind = 'earnings_current'), 0) as current,
            (select coalesce(sum(e.amount_minor), 0) from ledger_transactions t
               join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
               join ledger_accounts x on x.id = e.account_id and x.owner_id = t.payee_id and x.currency = a.currency
              where t.payee_id = ? and t.kind in ('refund', 'chargeback', 'correction') and t.occurred_at >= ?) as adjustments
       from ledger_accounts a left join ledger_balances b on b.account_id = a.id
      where a.owner_id = ? group by a.currency order by a.currency`,
    [userId, monthStart, userId],
  );
}

export interface PayeeProfileRow {
  first_earning_at: Date;
  high_risk: boolean;
  last_incident_at: Date | null;
}

/** What the hold policy reads about a payee; null before their first earning. */
export async function payeeProfileOf(em: EntityManager, userId: string): Promise<PayeeProfileRow | null> {
  const [row] = await em.execute<PayeeProfileRow[]>(
    `select first_earning_at, high_risk, last_incident_at from payee_profiles where user_id = ?`,
    [userId],
  );
  return row ?? null;
}

/** The pending earnings by the day they become payable (the ledger's balance buckets). */
export async function pendingBucketsOf(em: EntityManager, userId: string, currency: string): Promise<PendingBucket[]> {
  const rows = await em.execute<{ bucket: Date | string; balance_minor: string }[]>(
    `select b.bucket, b.balance_minor from ledger_accounts a join ledger_balances b on b.account_id = a.id
      where a.owner_id = ? and a.kind = 'earnings_pending' and a.currency = ? and b.balance_minor <> 0 and b.bucket <> '-infinity'::date order by b.bucket`,
    [userId, currency],
  );
  return rows.map((row) => ({
    releaseOn: row.bucket instanceof Date ? dayOf(row.bucket) : String(row.bucket).slice(0, 10),
    amountMinor: Number(row.balance_minor),
  }));
}

/** Whether the month-end close of `period` has started. */
export async function closeHasRun(em: EntityManager, period: string): Promise<boolean> {
  return (await em.execute(`select 1 from payout_runs where period = ?`, [period])).length > 0;
}
