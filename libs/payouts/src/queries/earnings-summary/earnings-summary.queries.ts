import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A payee's month so far in one currency: gross of their captured sales, and net of what sales,
 * referrals, refunds, chargebacks and corrections did to their own balances.
 */
export async function monthTotals(
  em: EntityManager,
  userId: string,
  currency: string,
  since: Date,
): Promise<{ gross: string; net: string }> {
  const [month] = await em.execute<{ gross: string; net: string }[]>(
    `select coalesce(sum(t.gross_minor) filter (where t.kind = 'sale'), 0) as gross,
            coalesce((select sum(e.amount_minor) from ledger_transactions x
                        join ledger_entries e on e.transaction_id = x.id and e.occurred_at = x.occurred_at
                        join ledger_accounts a on a.id = e.account_id and a.owner_id = x.payee_id
                       where x.payee_id = ? and x.currency = ? and x.kind in ('sale', 'referral', 'refund', 'chargeback', 'correction') and x.occurred_at >= ?), 0) as net
       from ledger_transactions t where t.payee_id = ? and t.currency = ? and t.kind = 'sale' and t.occurred_at >= ?`,
    [userId, currency, since, userId, currency, since],
  );
  return month;
}
