import type { Queryable } from '../db/database.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { findPayment } from './payments.js';
import { paymentObject, type RefundRow } from './rows.js';

/** Refunds a payment in full; asking again returns the same refund (`created` false). */
export async function refundPayment(
  db: Queryable,
  ctx: AcquirerContext,
  paymentId: string,
): Promise<{ refund: RefundRow; created: boolean }> {
  const payment = await findPayment(db, paymentId, { lock: true });
  if (!payment) throw ApiError.notFound('payment', paymentId);
  if (payment.refund_id) {
    const { rows } = await db.query<RefundRow>(
      `select r.*, p.reference from refunds r join payments p on p.id = r.payment_id where r.id = $1`,
      [payment.refund_id],
    );
    return { refund: rows[0], created: false };
  }
  if (payment.status !== 'succeeded')
    throw ApiError.conflict(`Payment ${paymentId} did not succeed, so there is nothing to refund`);
  if (payment.dispute_id)
    throw ApiError.conflict(`Payment ${paymentId} is disputed; its money already went back through the chargeback`);
  const id = newId('re');
  const { rows } = await db.query<RefundRow>(
    `insert into refunds (id, payment_id, amount, currency) values ($1, $2, $3, $4) returning *, $5::text as reference`,
    [id, paymentId, payment.amount, payment.currency, payment.reference],
  );
  await db.query(`update payments set status = 'refunded', dispute_due_at = null where id = $1`, [paymentId]);
  await emitEvent(db, ctx, 'payment.refunded', paymentObject({ ...payment, status: 'refunded', refund_id: id }));
  ctx.log.info('payment refunded', { payment: paymentId, refund: id });
  return { refund: rows[0], created: true };
}

export async function getRefund(db: Queryable, id: string): Promise<RefundRow> {
  const { rows } = await db.query<RefundRow>(
    `select r.*, p.reference from refunds r join payments p on p.id = r.payment_id where r.id = $1`,
    [id],
  );
  if (!rows[0]) throw ApiError.notFound('refund', id);
  return rows[0];
}
