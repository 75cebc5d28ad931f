import { inTransaction, type Queryable } from '../database/database.js';
import type { ValidCard } from '../domain/card-validation.js';
import { newId } from '../domain/ids.js';
import { behaviourOf, needsThreeDSecure } from '../domain/test-cards.js';
import { challengeRepository } from '../repositories/challenges.repository.js';
import { completeSession, expireSession, findSession } from './checkout-sessions.js';
import type { AcquirerContext } from './context.js';
import { cardOnFile, charge, findPaymentMethod, type CardOnFile } from './payments.js';
import type { ChallengeRow, SessionRow } from './rows.js';

export type { ChallengeRow };

/** What the hosted page does next after the customer submitted. */
export type CheckoutOutcome =
  | { kind: 'paid'; session: SessionRow }
  | { kind: 'declined'; paymentId: string }
  | { kind: 'challenge'; challengeId: string }
  | { kind: 'closed'; session: SessionRow | null }
  | { kind: 'unknown_method' };

/** The one-time code the sandbox's "bank" accepts. */
export const THREE_DS_CODE = '123456';

/**
 * Locks the session for the rest of the transaction and checks it can still be paid (one whose
 * time ran out is expired on the spot, even if the background loop has not got to it yet).
 */
async function openSession(
  db: Queryable,
  ctx: AcquirerContext,
  sessionId: string,
): Promise<SessionRow | { closed: SessionRow | null }> {
  const session = await findSession(db, sessionId, { lock: true });
  if (!session) return { closed: null };
  if (session.status === 'open' && session.expires_at.getTime() <= Date.now())
    return { closed: await expireSession(db, ctx, session) };
  if (session.status !== 'open') return { closed: session };
  return session;
}

async function settle(
  db: Queryable,
  ctx: AcquirerContext,
  session: SessionRow,
  card: CardOnFile,
  authenticated: boolean,
  saveCard: boolean,
): Promise<CheckoutOutcome> {
  const payment = await charge(db, ctx, {
    card,
    amount: Number(session.amount),
    currency: session.currency,
    reference: session.reference,
    description: session.description,
    customerId: session.customer_id,
    sessionId: session.id,
    initiatedBy: 'customer',
    authenticated,
    saveCard,
  });
  if (payment.status !== 'succeeded') return { kind: 'declined', paymentId: payment.id };
  return { kind: 'paid', session: await completeSession(db, ctx, session, payment) };
}

/** The card is saved when the merchant asks (the customer was told) or the customer chose it on the page. */
const savesCard = (session: SessionRow, customerChose: boolean) =>
  session.save_card || (customerChose && session.customer_id !== null);

async function payOrChallenge(
  db: Queryable,
  ctx: AcquirerContext,
  session: SessionRow,
  card: CardOnFile,
  saveCard: boolean,
): Promise<CheckoutOutcome> {
  if (!needsThreeDSecure(card.behaviour)) return settle(db, ctx, session, card, false, saveCard);
  const id = newId('auth');
  await challengeRepository.insert(db, id, session.id, card, saveCard);
  ctx.log.info('3-D Secure challenge started', { session: session.id, challenge: id });
  return { kind: 'challenge', challengeId: id };
}

/** A new card typed on the hosted page. Its number decides its behaviour and is then dropped for a random token. */
export async function payWithNewCard(
  ctx: AcquirerContext,
  sessionId: string,
  card: ValidCard,
  { saveCard = false } = {},
): Promise<CheckoutOutcome> {
  const onFile: CardOnFile = {
    token: newId('tok'),
    behaviour: behaviourOf(card.number),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    paymentMethodId: null,
  };
  return inTransaction(ctx.pool, async (client) => {
    const session = await openSession(client, ctx, sessionId);
    if ('closed' in session) return { kind: 'closed', session: session.closed };
    return payOrChallenge(client, ctx, session, onFile, savesCard(session, saveCard));
  });
}

/** One tap on a card the customer saved before. */
export async function payWithSavedCard(
  ctx: AcquirerContext,
  sessionId: string,
  paymentMethodId: string,
): Promise<CheckoutOutcome> {
  return inTransaction(ctx.pool, async (client) => {
    const session = await openSession(client, ctx, sessionId);
    if ('closed' in session) return { kind: 'closed', session: session.closed };
    const method = session.customer_id ? await findPaymentMethod(client, session.customer_id, paymentMethodId) : null;
    if (!method) return { kind: 'unknown_method' };
    return payOrChallenge(client, ctx, session, cardOnFile(method), session.save_card);
  });
}

export async function findChallenge(db: Queryable, id: string, { lock = false } = {}): Promise<ChallengeRow | null> {
  return challengeRepository.find(db, id, { lock });
}

/** The customer answered the bank's challenge (or cancelled it); the payment is then authorised or declined. */
export async function answerChallenge(
  ctx: AcquirerContext,
  challengeId: string,
  answer: { code: string } | { cancel: true },
): Promise<CheckoutOutcome> {
  return inTransaction(ctx.pool, async (client) => {
    const challenge = await findChallenge(client, challengeId, { lock: true });
    if (!challenge) return { kind: 'closed', session: null };
    const session = await openSession(client, ctx, challenge.session_id);
    if ('closed' in session) return { kind: 'closed', session: session.closed };
    if (challenge.status !== 'pending') return { kind: 'closed', session };
    const passed = 'code' in answer && answer.code.trim() === THREE_DS_CODE;
    await challengeRepository.setStatus(client, challengeId, passed ? 'passed' : 'failed');
    ctx.log.info('3-D Secure challenge answered', { challenge: challengeId, passed });
    const card: CardOnFile = {
      token: challenge.card_token,
      behaviour: challenge.behaviour,
      brand: challenge.brand,
      last4: challenge.last4,
      expMonth: challenge.exp_month,
      expYear: challenge.exp_year,
      paymentMethodId: challenge.payment_method_id,
    };
    return settle(client, ctx, session, card, passed, challenge.save_card);
  });
}
