/** The JSON objects of the merchant API and its webhooks (timestamps are ISO 8601 strings, amounts integer minor units). */

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export type PaymentStatus = 'succeeded' | 'failed' | 'refunded';

export interface Payment {
  id: string;
  object: 'payment';
  status: PaymentStatus;
  amount: number;
  currency: string;
  reference: string;
  description: string | null;
  customer: string | null;
  checkout_session: string | null;
  initiated_by: 'customer' | 'merchant';
  card: CardDetails;
  payment_method: string | null;
  failure_code: string | null;
  failure_message: string | null;
  refund: string | null;
  dispute: string | null;
  created: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSession {
  id: string;
  object: 'checkout_session';
  status: CheckoutSessionStatus;
  url: string;
  amount: number;
  currency: string;
  reference: string;
  description: string;
  customer: string | null;
  save_card: boolean;
  success_url: string;
  cancel_url: string;
  expires_at: string;
  created: string;
  payment: Payment | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  customer: string;
  card: CardDetails;
  created: string;
}

export interface Refund {
  id: string;
  object: 'refund';
  status: 'succeeded';
  payment: string;
  amount: number;
  currency: string;
  reference: string;
  created: string;
}

export type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost';

export interface Dispute {
  id: string;
  object: 'dispute';
  status: DisputeStatus;
  reason: string;
  payment: string;
  amount: number;
  currency: string;
  reference: string;
  created: string;
  updated: string;
}

export type CryptoInvoiceStatus = 'awaiting_payment' | 'confirming' | 'confirmed';

export interface CryptoInvoice {
  id: string;
  object: 'crypto_invoice';
  status: CryptoInvoiceStatus;
  amount: number;
  currency: string;
  reference: string;
  network: 'solana';
  address: string;
  token_amount: number;
  confirmations: number;
  required_confirmations: number;
  paid_at: string | null;
  confirmed_at: string | null;
  created: string;
}

export type WebhookEventType =
  | 'checkout_session.completed'
  | 'checkout_session.expired'
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.refunded'
  | 'dispute.created'
  | 'dispute.updated'
  | 'dispute.closed'
  | 'crypto_invoice.confirmed';

export interface WebhookEvent<T = CheckoutSession | Payment | Refund | Dispute | CryptoInvoice> {
  id: string;
  type: WebhookEventType;
  created: string;
  data: T;
}

export interface ApiError {
  error: {
    type:
      | 'invalid_request'
      | 'authentication_required'
      | 'not_found'
      | 'conflict'
      | 'idempotency_conflict'
      | 'server_error';
    message: string;
    param?: string;
  };
}
