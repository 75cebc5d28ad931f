import { DISPUTE_STAGES, type DisputeStage, type PaymentFact } from '../payment-provider.js';

/** The acquirer's JSON objects, as far as we read them (amounts in minor units, times ISO 8601). */
export interface AcquirerPayment {
  id: string;
  object: 'payment';
  status: 'succeeded' | 'failed' | 'refunded';
  amount: number;
  currency: string;
  reference: string;
  checkout_session: string | null;
  initiated_by: 'customer' | 'merchant';
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  payment_method: string | null;
  failure_message: string | null;
  created: string;
}

export interface AcquirerSession {
  id: string;
  object: 'checkout_session';
  status: 'open' | 'complete' | 'expired';
  url: string;
  amount: number;
  currency: string;
  reference: string;
  expires_at: string;
  payment: AcquirerPayment | null;
}

export interface AcquirerDispute {
  id: string;
  object: 'dispute';
  status: DisputeStage;
  payment: string;
  amount: number;
  currency: string;
  reference: string;
  updated: string;
}

export interface AcquirerInvoice {
  id: string;
  object: 'crypto_invoice';
  status: 'awaiting_payment' | 'confirming' | 'confirmed';
  amount: number;
  currency: string;
  reference: string;
  address: string;
  token_amount: number;
  confirmed_at: string | null;
  created: string;
}

export type AcquirerObject = AcquirerPayment | AcquirerSession | AcquirerDispute | AcquirerInvoice;

const base = (object: { reference: string; amount: number; currency: string }) => ({
  reference: object.reference,
  amountMinor: object.amount,
  currency: object.currency,
  card: null,
  savedMethodRef: null,
  failureReason: null,
  final: false,
  disputeStage: null,
});

export function paymentFact(payment: AcquirerPayment, occurredAt: Date): PaymentFact {
  const card = payment.card
    ? {
        brand: payment.card.brand,
        last4: payment.card.last4,
        expMonth: payment.card.exp_month,
        expYear: payment.card.exp_year,
      }
    : null;
  const common = {
    ...base(payment),
    checkoutId: payment.checkout_session,
    providerPaymentId: payment.id,
    card,
    savedMethodRef: payment.payment_method,
    occurredAt,
  };
  switch (payment.status) {
    case 'succeeded':
      return { ...common, type: 'captured' };
    case 'refunded':
      return { ...common, type: 'refunded' };
    case 'failed':
      // Inside an open hosted page the fan may try another card; a charge without them is final.
      return {
        ...common,
        type: 'declined',
        failureReason: payment.failure_message ?? 'The payment failed.',
        final: payment.initiated_by === 'merchant' || payment.checkout_session === null,
      };
  }
}

/** A session's outcome: its payment once complete, expired, or nothing yet while open. */
export function sessionFact(session: AcquirerSession, occurredAt: Date): PaymentFact | null {
  if (session.status === 'complete' && session.payment)
    return { ...paymentFact(session.payment, occurredAt), checkoutId: session.id };
  if (session.status === 'expired')
    return { ...base(session), type: 'checkout_expired', checkoutId: session.id, providerPaymentId: null, occurredAt };
  return null;
}

export function disputeFact(dispute: AcquirerDispute, occurredAt: Date): PaymentFact {
  return {
    ...base(dispute),
    type: 'disputed',
    checkoutId: null,
    providerPaymentId: dispute.payment,
    disputeStage: dispute.status,
    occurredAt,
  };
}

/** A crypto invoice is its own payment: its id names both the checkout and the payment. */
export function invoiceFact(invoice: AcquirerInvoice, occurredAt: Date): PaymentFact | null {
  if (invoice.status !== 'confirmed') return null;
  return { ...base(invoice), type: 'captured', checkoutId: invoice.id, providerPaymentId: invoice.id, occurredAt };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
// PostgreSQL text cannot hold NUL, so a string with one would fail in the statement, not here.
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 500 && !value.includes('\0');
const OBJECT_KINDS = ['payment', 'checkout_session', 'dispute', 'crypto_invoice'];

/** What is wrong with an object of the acquirer's, or null when we can read it. */
export function objectProblem(data: unknown): string | null {
  if (!isObject(data)) return 'data must be an object';
  if (!OBJECT_KINDS.includes(data.object as string)) return `data.object must be one of ${OBJECT_KINDS.join(', ')}`;
  for (const key of ['id', 'reference', 'currency', 'status'])
    if (!isText(data[key])) return `data.${key} must be a non-empty string`;
  if (!Number.isSafeInteger(data.amount) || (data.amount as number) <= 0)
    return 'data.amount must be a whole number of minor units';
  if (data.object === 'dispute' && !DISPUTE_STAGES.includes(data.status as DisputeStage))
    return `data.status must be one of ${DISPUTE_STAGES.join(', ')}`;
  if (data.object === 'dispute' && !isText(data.payment)) return 'data.payment must be a payment id';
  if (data.object === 'checkout_session' && data.payment !== null && data.payment !== undefined)
    return objectProblem(data.payment);
  return null;
}

/** The fact an object amounts to. */
export function factOf(data: AcquirerObject, occurredAt: Date): PaymentFact | null {
  switch (data.object) {
    case 'payment':
      return paymentFact(data, occurredAt);
    case 'checkout_session':
      return sessionFact(data, occurredAt);
    case 'dispute':
      return disputeFact(data, occurredAt);
    case 'crypto_invoice':
      return invoiceFact(data, occurredAt);
  }
}
