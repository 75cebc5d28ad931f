import type { EntityManager } from '@mikro-orm/postgresql';

export type PayoutHistoryRow = Record<string, string | Date | null>;

/** A payee's last 120 payouts, newest first (found through their pending accounts, which lead payouts_once). */
export function payoutsOfPayee(em: EntityManager, userId: string): Promise<PayoutHistoryRow[]> {
  return em.execute<PayoutHistoryRow[]>(
    `select id, period, amount_minor, currency, method, destination, status, failure_reason, created_at, paid_at
       from payouts
      where account_id in (select id from ledger_accounts where owner_id = ? and kind = 'earnings_pending')
      order by created_at desc, id limit 120`,
    [userId],
  );
}
