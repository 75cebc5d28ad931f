import type { Payment } from '../client/api-types.js';
import type { Queryable } from '../database/database.js';
import type { CardOnFile } from '../domain/card-on-file.js';
import type { Decline } from '../domain/test-cards.js';
import type { PaymentRow } from '../services/rows.js';

/** A charge as authorised, before it is recorded. */
export interface NewPayment {
  id: string;
  initiatedBy: Payment['initiated_by'];
  amount: number;
  currency: string;
  reference: string;
  description: string | null;
  customerId: string | null;
  sessionId: string | null;
  /** The saved card charged or saved by this charge, if any. */
  paymentMethodId: string | null;
  card: CardOnFile;
  /** Set when the charge was declined: the payment is recorded as failed. */
  decline: Decline | null;
  /** Set for a card that charges back later: the dispute falls due this long after the charge. */
  disputeInMs: number | null;
}

const PAYMENT_COLUMNS = `p.*, r.id as refund_id, d.id as dispute_id`;
const PAYMENT_FROM = `payments p left join refunds r on r.payment_id = p.id left join disputes d on d.payment_id = p.id`;

/** The only writer of `payments`. */
class PaymentRepository {
  /** The payment with its refund and dispute, if any; `lock` holds the payment row until the transaction ends. */
  async find(db: Queryable, id: string, { lock = false } = {}): Promise<PaymentRow | null> {
    const { rows } = await db.query<PaymentRow>(
      `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM} where p.id = $1 ${lock ? 'for update of p' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insert(db: Queryable, payment: NewPayment): Promise<PaymentRow> {
    const { card, decline } = payment;
    const { rows } = await db.query<PaymentRow>(
      `insert into payments (id, status, initiated_by, amount, currency, reference, description, customer_id, session_id, payment_method_id,
                             card_token, brand, last4, exp_month, exp_year, failure_code, failure_message, dispute_due_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
               case when $18::boolean then now() + make_interval(secs => $19::double precision / 1000) end)
       returning *`,
      [
        payment.id,
        decline ? 'failed' : 'succeeded',
        payment.initiatedBy,
        payment.amount,
        payment.currency,
        payment.reference,
        payment.description,
        payment.customerId,
        payment.sessionId,
        payment.paymentMethodId,
        card.token,
        card.brand,
        card.last4,
        card.expMonth,
        card.expYear,
        decline?.code ?? null,
        decline?.message ?? null,
        payment.disputeInMs !== null,
        payment.disputeInMs ?? 0,
      ],
    );
    return rows[0];
  }

  /** The payment is disputed: no chargeback is due any more. */
  async clearDisputeDue(db: Queryable, id: string): Promise<void> {
    await db.query(`update payments set dispute_due_at = null where id = $1`, [id]);
  }

  /** The payment is refunded in full (and so will not be charged back). */
  async markRefunded(db: Queryable, id: string): Promise<void> {
    await db.query(`update payments set status = 'refunded', dispute_due_at = null where id = $1`, [id]);
  }

  /** Locks (skipping rows others hold) up to 20 succeeded payments whose chargeback is due, oldest first. */
  async lockDueForDispute(db: Queryable): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `select id from payments where dispute_due_at <= now() and status = 'succeeded' order by dispute_due_at limit 20 for update skip locked`,
    );
    return rows.map((row) => row.id);
  }
}

export const paymentRepository = new PaymentRepository();
