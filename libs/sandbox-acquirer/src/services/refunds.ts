import type { Queryable } from '../database/database.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { paymentRepository } from '../repositories/payments.repository.js';
import { refundRepository } from '../repositories/refunds.repository.js';
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
    const refund = await refundRepository.find(db, payment.refund_id);
    if (!refund) throw ApiError.notFound('refund', payment.refund_id);
    return { refund, created: false };
  }
  if (payment.status !== 'succeeded')
    throw ApiError.conflict(`Payment ${paymentId} did not succeed, so there is nothing to refund`);
  if (payment.dispute_id)
    throw ApiError.conflict(`Payment ${paymentId} is disputed; its money already went back through the chargeback`);
  const id = newId('re');
  const refund = await refundRepository.insert(db, {
    id,
    paymentId,
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.reference,
  });
  await paymentRepository.markRefunded(db, paymentId);
  await emitEvent(db, ctx, 'payment.refunded', paymentObject({ ...payment, status: 'refunded', refund_id: id }));
  ctx.log.info('payment refunded', { payment: paymentId, refund: id });
  return { refund, created: true };
}

export async function getRefund(db: Queryable, id: string): Promise<RefundRow> {
  const refund = await refundRepository.find(db, id);
  if (!refund) throw ApiError.notFound('refund', id);
  return refund;
}
