import type { Queryable } from '../database/database.js';
import type { RefundRow } from '../services/rows.js';

/** The only writer of `refunds` (one full refund per payment). */
class RefundRepository {
  /** The refund with its payment's reference. */
  async find(db: Queryable, id: string): Promise<RefundRow | null> {
    const { rows } = await db.query<RefundRow>(
      `select r.*, p.reference from refunds r join payments p on p.id = r.payment_id where r.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** A refund of the payment's full amount (`reference` is the payment's, shown with it). */
  async insert(
    db: Queryable,
    refund: { id: string; paymentId: string; amount: string; currency: string; reference: string },
  ): Promise<RefundRow> {
    const { rows } = await db.query<RefundRow>(
      `insert into refunds (id, payment_id, amount, currency) values ($1, $2, $3, $4) returning *, $5::text as reference`,
      [refund.id, refund.paymentId, refund.amount, refund.currency, refund.reference],
    );
    return rows[0];
  }
}

export const refundRepository = new RefundRepository();
