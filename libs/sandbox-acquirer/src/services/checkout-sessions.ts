import { inTransaction, type Queryable } from '../database/database.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { checkoutSessionRepository } from '../repositories/checkout-sessions.repository.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { findPayment } from './payments.js';
import { sessionObject, type PaymentRow, type SessionRow } from './rows.js';

export interface CreateSessionInput {
  amount: number;
  currency: string;
  reference: string;
  description: string;
  customer?: string | null;
  success_url: string;
  cancel_url: string;
  save_card?: boolean;
}

export async function createSession(
  db: Queryable,
  ctx: AcquirerContext,
  input: CreateSessionInput,
): Promise<SessionRow> {
  const session = await checkoutSessionRepository.insert(db, {
    id: newId('cs'),
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    description: input.description,
    customerId: input.customer ?? null,
    saveCard: Boolean(input.save_card && input.customer),
    successUrl: input.success_url,
    cancelUrl: input.cancel_url,
    ttlSeconds: ctx.config.sessionTtlSeconds,
  });
  ctx.log.info('checkout session created', { session: session.id });
  return session;
}

export async function findSession(db: Queryable, id: string, { lock = false } = {}): Promise<SessionRow | null> {
  return checkoutSessionRepository.find(db, id, { lock });
}

export async function getSession(db: Queryable, id: string): Promise<SessionRow> {
  const session = await findSession(db, id);
  if (!session) throw ApiError.notFound('checkout session', id);
  return session;
}

export async function sessionPayment(db: Queryable, session: SessionRow): Promise<PaymentRow | null> {
  return session.payment_id ? findPayment(db, session.payment_id) : null;
}

/** The session as the API shows it, with its payment once paid. */
export async function renderSession(db: Queryable, ctx: AcquirerContext, session: SessionRow) {
  return sessionObject(session, await sessionPayment(db, session), ctx.publicUrl());
}

/** Closes an open session that will not be paid (its time ran out, or the test API says so). */
export async function expireSession(db: Queryable, ctx: AcquirerContext, session: SessionRow): Promise<SessionRow> {
  const expired = await checkoutSessionRepository.expire(db, session.id);
  if (!expired) return session;
  await emitEvent(db, ctx, 'checkout_session.expired', sessionObject(expired, null, ctx.publicUrl()));
  ctx.log.info('checkout session expired', { session: session.id });
  return expired;
}

export async function expireDueSessions(ctx: AcquirerContext): Promise<number> {
  return inTransaction(ctx.pool, async (client) => {
    const due = await checkoutSessionRepository.lockDueToExpire(client);
    for (const session of due) await expireSession(client, ctx, session);
    return due.length;
  });
}

/** Marks the session paid by `payment` and reports it. */
export async function completeSession(
  db: Queryable,
  ctx: AcquirerContext,
  session: SessionRow,
  payment: PaymentRow,
): Promise<SessionRow> {
  const completed = await checkoutSessionRepository.complete(db, session.id, payment.id);
  await emitEvent(db, ctx, 'checkout_session.completed', sessionObject(completed, payment, ctx.publicUrl()));
  return completed;
}
