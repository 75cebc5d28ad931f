import type {
  CheckoutSession,
  CryptoInvoice,
  Dispute,
  DisputeStatus,
  Payment,
  PaymentMethod,
  Refund,
} from '../client/api-types.js';
import type { CardBehaviour } from '../domain/test-cards.js';

/** Rows as pg returns them (bigint columns arrive as strings) and their API objects. */

export interface SessionRow {
  id: string;
  status: CheckoutSession['status'];
  amount: string;
  currency: string;
  reference: string;
  description: string;
  customer_id: string | null;
  save_card: boolean;
  success_url: string;
  cancel_url: string;
  payment_id: string | null;
  expires_at: Date;
  created_at: Date;
}

export interface PaymentRow {
  id: string;
  status: Payment['status'];
  initiated_by: Payment['initiated_by'];
  amount: string;
  currency: string;
  reference: string;
  description: string | null;
  customer_id: string | null;
  session_id: string | null;
  payment_method_id: string | null;
  card_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date;
  refund_id?: string | null;
  dispute_id?: string | null;
}

export interface PaymentMethodRow {
  id: string;
  customer_id: string;
  card_token: string;
  behaviour: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  decline_code: string | null;
  created_at: Date;
}

export interface RefundRow {
  id: string;
  payment_id: string;
  amount: string;
  currency: string;
  created_at: Date;
  reference: string;
}

export interface DisputeRow {
  id: string;
  payment_id: string;
  status: DisputeStatus;
  reason: string;
  amount: string;
  currency: string;
  created_at: Date;
  updated_at: Date;
  reference: string;
}

export interface CryptoInvoiceRow {
  id: string;
  status: CryptoInvoice['status'];
  amount: string;
  currency: string;
  reference: string;
  address: string;
  token_amount: string;
  confirmations: number;
  required_confirmations: number;
  paid_at: Date | null;
  confirmed_at: Date | null;
  created_at: Date;
}

export interface ChallengeRow {
  id: string;
  session_id: string;
  status: 'pending' | 'passed' | 'failed';
  card_token: string;
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  payment_method_id: string | null;
  save_card: boolean;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function paymentObject(row: PaymentRow): Payment {
  return {
    id: row.id,
    object: 'payment',
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    description: row.description,
    customer: row.customer_id,
    checkout_session: row.session_id,
    initiated_by: row.initiated_by,
    card: { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year },
    payment_method: row.payment_method_id,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    refund: row.refund_id ?? null,
    dispute: row.dispute_id ?? null,
    created: row.created_at.toISOString(),
  };
}

export function sessionObject(row: SessionRow, payment: PaymentRow | null, publicUrl: string): CheckoutSession {
  return {
    id: row.id,
    object: 'checkout_session',
    status: row.status,
    url: `${publicUrl}/pay/${row.id}`,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    description: row.description,
    customer: row.customer_id,
    save_card: row.save_card,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    expires_at: row.expires_at.toISOString(),
    created: row.created_at.toISOString(),
    payment: payment ? paymentObject(payment) : null,
  };
}

export function paymentMethodObject(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    object: 'payment_method',
    customer: row.customer_id,
    card: { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year },
    created: row.created_at.toISOString(),
  };
}

export function refundObject(row: RefundRow): Refund {
  return {
    id: row.id,
    object: 'refund',
    status: 'succeeded',
    payment: row.payment_id,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    created: row.created_at.toISOString(),
  };
}

export function disputeObject(row: DisputeRow): Dispute {
  return {
    id: row.id,
    object: 'dispute',
    status: row.status,
    reason: row.reason,
    payment: row.payment_id,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  };
}

export function cryptoInvoiceObject(row: CryptoInvoiceRow): CryptoInvoice {
  return {
    id: row.id,
    object: 'crypto_invoice',
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    reference: row.reference,
    network: 'solana',
    address: row.address,
    token_amount: Number(row.token_amount),
    confirmations: row.confirmations,
    required_confirmations: row.required_confirmations,
    paid_at: iso(row.paid_at),
    confirmed_at: iso(row.confirmed_at),
    created: row.created_at.toISOString(),
  };
}
