import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface OwedLine {
  currency: string;
  /** Pending plus current earnings, in minor units; only lines above zero are listed. */
  minor: number;
}

/**
 * Serialises everything that changes what a payee is owed with a decision that depends on it:
 * a transaction-scoped advisory lock on the payee. Booking a sale takes it, and so does the
 * account erasure before it reads the balance, so neither commits on a stale view of the other.
 */
export async function lockPayee(em: EntityManager, payeeId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended('payouts.payee:' || ?, 0))`, [payeeId]);
}

/** What the platform still owes a payee, read inside the caller's transaction and under the payee's lock. */
@Injectable()
export class OwedEarnings {
  async lockAndRead(em: EntityManager, payeeId: string): Promise<OwedLine[]> {
    await lockPayee(em, payeeId);
    const rows = await em.execute<{ currency: string; owed: string }[]>(
      `select a.currency, coalesce(sum(b.balance_minor), 0) as owed
         from ledger_accounts a left join ledger_balances b on b.account_id = a.id
        where a.owner_id = ? and a.kind in ('earnings_pending', 'earnings_current')
        group by a.currency order by a.currency`,
      [payeeId],
    );
    return rows.map((row) => ({ currency: row.currency, minor: Number(row.owed) })).filter((line) => line.minor > 0);
  }
}
