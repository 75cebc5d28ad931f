import type { EntityManager } from '@mikro-orm/postgresql';

/** Reads of booked sales and their reversals that the reversal and dispute commands decide on (inside their transaction). */

export interface BookedRow {
  id: string;
  kind: 'sale' | 'referral';
  payee_id: string;
  currency: string;
  gross_minor: string;
  release_on: string;
  description: string;
  /** The payee's share as booked: on their pending earnings, or on payee suspense (their account was deleted). */
  share_minor: string;
  in_suspense: boolean;
}

/** A sale's booked shares (the creator's, and a referrer's if any), found by their idempotency keys. */
export function bookedShares(em: EntityManager, saleId: string): Promise<BookedRow[]> {
  return em.execute<BookedRow[]>(
    `select t.id, t.kind, t.payee_id, t.currency, t.gross_minor, t.release_on, t.description,
            (select e.amount_minor from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where e.transaction_id = t.id and e.occurred_at = t.occurred_at and a.kind in ('earnings_pending', 'payee_suspense')) as share_minor,
            exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.transaction_id = t.id and e.occurred_at = t.occurred_at and a.kind = 'payee_suspense') as in_suspense
       from ledger_idempotency k join ledger_transactions t on t.id = k.transaction_id and t.occurred_at = k.occurred_at
      where k.idempotency_key in (?, ?) order by t.id`,
    [`sale:${saleId}`, `referral:${saleId}`],
  );
}

/** Released when a month-end run posted after the booking covered its release day. */
export async function releasedSince(
  em: EntityManager,
  pendingAccount: string | number,
  releaseOn: string,
  bookedId: string,
): Promise<boolean> {
  const rows = await em.execute(
    `select 1 from ledger_transactions where account_id = ? and kind = 'month_end' and release_on >= ? and id > ? limit 1`,
    [pendingAccount, releaseOn, bookedId],
  );
  return rows.length > 0;
}

export interface ChargebackRow {
  id: string;
  share: 'sale' | 'referral';
  payee_id: string;
  currency: string;
  gross_minor: string;
  /** What the chargeback took off the payee's earnings, or off payee suspense (negative). */
  payee_minor: string;
  sale_description: string;
}

/** The chargebacks booked against a sale's shares, with what each took and the sale's own line. */
export function chargebacksOf(em: EntityManager, saleId: string): Promise<ChargebackRow[]> {
  return em.execute<ChargebackRow[]>(
    `select t.id, split_part(k.idempotency_key, ':', 2) as share, t.payee_id, t.currency, t.gross_minor,
            (select sum(e.amount_minor) from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where e.transaction_id = t.id and e.occurred_at = t.occurred_at
                and a.kind in ('earnings_pending', 'earnings_current', 'payee_suspense')) as payee_minor,
            (select s.description from ledger_idempotency sk join ledger_transactions s on s.id = sk.transaction_id and s.occurred_at = sk.occurred_at
              where sk.idempotency_key = split_part(k.idempotency_key, ':', 2) || ':' || ?) as sale_description
       from ledger_idempotency k join ledger_transactions t on t.id = k.transaction_id and t.occurred_at = k.occurred_at
      where k.idempotency_key in (?, ?) and t.kind = 'chargeback' order by t.id`,
    [saleId, `reversal:sale:${saleId}`, `reversal:referral:${saleId}`],
  );
}
