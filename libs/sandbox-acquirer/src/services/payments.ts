import type { Queryable } from '../database/database.js';
import type { CardOnFile } from '../domain/card-on-file.js';
import { isExpired } from '../domain/card-validation.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { authorise, DECLINES, isDeclineCode, type CardBehaviour } from '../domain/test-cards.js';
import { paymentMethodRepository } from '../repositories/payment-methods.repository.js';
import { paymentRepository } from '../repositories/payments.repository.js';
import type { AcquirerContext } from './context.js';
import { emitEvent } from './events.js';
import { paymentObject, type PaymentMethodRow, type PaymentRow } from './rows.js';

export type { CardOnFile };

export interface ChargeRequest {
  card: CardOnFile;
  amount: number;
  currency: string;
  reference: string;
  description: string | null;
  customerId: string | null;
  sessionId: string | null;
  initiatedBy: 'customer' | 'merchant';
  /** The customer passed 3-D Secure (merchant-initiated charges are exempt and count as passed). */
  authenticated: boolean;
  /** Save the card for this customer when the charge succeeds. */
  saveCard: boolean;
}

export async function findPayment(db: Queryable, id: string, { lock = false } = {}): Promise<PaymentRow | null> {
  return paymentRepository.find(db, id, { lock });
}

export async function getPayment(db: Queryable, id: string): Promise<PaymentRow> {
  const payment = await findPayment(db, id);
  if (!payment) throw ApiError.notFound('payment', id);
  return payment;
}

/** Authorises a charge, records it (succeeded or failed) and its webhook. */
export async function charge(db: Queryable, ctx: AcquirerContext, request: ChargeRequest): Promise<PaymentRow> {
  const { card } = request;
  const forced = card.declineCode && isDeclineCode(card.declineCode) ? DECLINES[card.declineCode] : null;
  const expired = isExpired(card.expMonth, card.expYear, new Date()) ? DECLINES.expired_card : null;
  const decline = forced ?? expired ?? authorise(card.behaviour, { authenticated: request.authenticated });

  let paymentMethodId = card.paymentMethodId;
  if (!decline && request.saveCard && request.customerId && !paymentMethodId) {
    paymentMethodId = await saveCard(db, request.customerId, card);
  }
  const id = newId('pay');
  const disputeLater = !decline && card.behaviour === 'approve_then_dispute';
  const payment = await paymentRepository.insert(db, {
    id,
    initiatedBy: request.initiatedBy,
    amount: request.amount,
    currency: request.currency,
    reference: request.reference,
    description: request.description,
    customerId: request.customerId,
    sessionId: request.sessionId,
    paymentMethodId,
    card,
    decline,
    disputeInMs: disputeLater ? ctx.config.disputeDelayMs : null,
  });
  await emitEvent(db, ctx, decline ? 'payment.failed' : 'payment.succeeded', paymentObject(payment));
  ctx.log.info(decline ? 'payment declined' : 'payment succeeded', {
    payment: id,
    session: request.sessionId,
    initiated_by: request.initiatedBy,
    code: decline?.code,
  });
  return payment;
}

/** One saved card per customer and card (same brand, last four and expiry): saving it again reuses it. */
async function saveCard(db: Queryable, customerId: string, card: CardOnFile): Promise<string> {
  const existing = await paymentMethodRepository.findSameCard(db, customerId, card);
  if (existing) return existing;
  const id = newId('pm');
  await paymentMethodRepository.insert(db, id, customerId, card);
  return id;
}

export function cardOnFile(method: PaymentMethodRow): CardOnFile {
  return {
    token: method.card_token,
    behaviour: method.behaviour as CardBehaviour,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.exp_month,
    expYear: method.exp_year,
    paymentMethodId: method.id,
    declineCode: method.decline_code,
  };
}

export async function findPaymentMethod(
  db: Queryable,
  customerId: string,
  id: string,
): Promise<PaymentMethodRow | null> {
  return paymentMethodRepository.find(db, customerId, id);
}

export async function listPaymentMethods(db: Queryable, customerId: string): Promise<PaymentMethodRow[]> {
  return paymentMethodRepository.list(db, customerId);
}

export async function deletePaymentMethod(db: Queryable, customerId: string, id: string): Promise<void> {
  if (!(await paymentMethodRepository.delete(db, customerId, id))) throw ApiError.notFound('payment method', id);
}

/** Test API: a live saved card declines its next charges with `code` (null: charges normally again). */
export async function setDeclineCode(db: Queryable, id: string, code: string | null): Promise<PaymentMethodRow> {
  const method = await paymentMethodRepository.setDeclineCode(db, id, code);
  if (!method) throw ApiError.notFound('payment method', id);
  return method;
}

export interface MerchantChargeInput {
  customer: string;
  payment_method: string;
  amount: number;
  currency: string;
  reference: string;
  description?: string | null;
}

/** A merchant-initiated charge of a saved card (renewals): a decline is a failed payment, not an error. */
export async function chargeSavedMethod(
  db: Queryable,
  ctx: AcquirerContext,
  input: MerchantChargeInput,
): Promise<PaymentRow> {
  const method = await findPaymentMethod(db, input.customer, input.payment_method);
  if (!method) throw ApiError.notFound('payment method', input.payment_method);
  const payment = await charge(db, ctx, {
    card: cardOnFile(method),
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    description: input.description ?? null,
    customerId: input.customer,
    sessionId: null,
    initiatedBy: 'merchant',
    authenticated: true,
    saveCard: false,
  });
  return (await findPayment(db, payment.id)) ?? payment;
}
