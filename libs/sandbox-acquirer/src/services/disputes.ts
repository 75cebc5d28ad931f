import type { DisputeStatus } from '../client/api-types.js';
import { inTransaction, type Queryable } from '../database/database.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { disputeRepository } from '../repositories/disputes.repository.js';
import { paymentRepository } from '../repositories/payments.repository.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { findPayment } from './payments.js';
import { disputeObject, type DisputeRow } from './rows.js';

/** needs_response → under_review → won | lost; a merchant may also accept (needs_response → lost). */
const NEXT: Record<DisputeStatus, DisputeStatus[]> = {
  needs_response: ['under_review', 'lost'],
  under_review: ['won', 'lost'],
  won: [],
  lost: [],
};

export function canMoveDispute(from: DisputeStatus, to: DisputeStatus): boolean {
  return NEXT[from].includes(to);
}

export async function getDispute(db: Queryable, id: string, { lock = false } = {}): Promise<DisputeRow> {
  const dispute = await disputeRepository.find(db, id, { lock });
  if (!dispute) throw ApiError.notFound('dispute', id);
  return dispute;
}

/** The cardholder's bank disputes a succeeded payment. */
export async function openDispute(
  db: Queryable,
  ctx: AcquirerContext,
  paymentId: string,
  reason: string,
): Promise<DisputeRow> {
  const payment = await findPayment(db, paymentId, { lock: true });
  if (!payment) throw ApiError.notFound('payment', paymentId);
  if (payment.dispute_id) throw ApiError.conflict(`Payment ${paymentId} is already disputed (${payment.dispute_id})`);
  if (payment.status !== 'succeeded')
    throw ApiError.conflict(`Only a succeeded payment can be disputed; ${paymentId} is ${payment.status}`);
  const id = newId('dp');
  await disputeRepository.insert(db, { id, paymentId, reason, amount: payment.amount, currency: payment.currency });
  await paymentRepository.clearDisputeDue(db, paymentId);
  const dispute = await getDispute(db, id);
  await emitEvent(db, ctx, 'dispute.created', disputeObject(dispute));
  ctx.log.info('dispute opened', { dispute: id, payment: paymentId });
  return dispute;
}

export async function moveDispute(
  db: Queryable,
  ctx: AcquirerContext,
  id: string,
  to: DisputeStatus,
): Promise<DisputeRow> {
  const current = await getDispute(db, id, { lock: true });
  if (!canMoveDispute(current.status, to))
    throw ApiError.conflict(`A dispute cannot go from ${current.status} to ${to}`);
  await disputeRepository.setStatus(db, id, to);
  const dispute = await getDispute(db, id);
  await emitEvent(db, ctx, 'dispute.updated', disputeObject(dispute));
  if (to === 'won' || to === 'lost') await emitEvent(db, ctx, 'dispute.closed', disputeObject(dispute));
  ctx.log.info('dispute moved', { dispute: id, from: current.status, to });
  return dispute;
}

/** Opens the disputes that "approves, then charges back" cards have due. */
export async function openDueDisputes(ctx: AcquirerContext): Promise<number> {
  return inTransaction(ctx.pool, async (client) => {
    const due = await paymentRepository.lockDueForDispute(client);
    for (const paymentId of due) await openDispute(client, ctx, paymentId, 'fraudulent');
    return due.length;
  });
}
