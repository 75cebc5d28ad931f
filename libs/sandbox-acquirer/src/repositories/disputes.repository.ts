import type { DisputeStatus } from '../client/api-types.js';
import type { Queryable } from '../database/database.js';
import type { DisputeRow } from '../services/rows.js';

const SELECT = `select d.*, p.reference from disputes d join payments p on p.id = d.payment_id`;

/** The only writer of `disputes`. */
class DisputeRepository {
  /** The dispute with its payment's reference; `lock` holds the dispute row until the transaction ends. */
  async find(db: Queryable, id: string, { lock = false } = {}): Promise<DisputeRow | null> {
    const { rows } = await db.query<DisputeRow>(`${SELECT} where d.id = $1 ${lock ? 'for update of d' : ''}`, [id]);
    return rows[0] ?? null;
  }

  /** A new dispute of the payment's full amount, awaiting the merchant's response. */
  async insert(
    db: Queryable,
    dispute: { id: string; paymentId: string; reason: string; amount: string; currency: string },
  ): Promise<void> {
    await db.query(
      `insert into disputes (id, payment_id, status, reason, amount, currency) values ($1, $2, 'needs_response', $3, $4, $5)`,
      [dispute.id, dispute.paymentId, dispute.reason, dispute.amount, dispute.currency],
    );
  }

  async setStatus(db: Queryable, id: string, status: DisputeStatus): Promise<void> {
    await db.query(`update disputes set status = $2, updated_at = now() where id = $1`, [id, status]);
  }
}

export const disputeRepository = new DisputeRepository();
