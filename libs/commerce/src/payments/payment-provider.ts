import type { CardInput } from '../domain/card.js';

export const PAYMENT_METHODS = ['card', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CryptoInstructions {
  network: 'solana';
  address: string;
  /** Whole platform tokens, as a decimal string. */
  amountToken: string;
}

export interface CreatePayment {
  /** Our id for the payment (a purchase id); the provider's events carry it back. */
  reference: string;
  /** Known up front, or null when the caller's statement prices the order (its gate answers the amount). Crypto payments need it. */
  amountMinor: number | null;
  currency: string | null;
  method: PaymentMethod;
  /** A new card (card payments without a saved method). */
  card?: CardInput;
  /** A method saved by an earlier payment (subscription renewals). */
  savedMethodRef?: string;
}

/**
 * Rows a provider keeps in our database for a new payment, as data-modifying CTEs
 * (`name as (...)`, comma-separated) for the caller's own statement, with their parameters in order.
 */
export interface PaymentRows {
  ctes: string;
  params: unknown[];
}

export interface PreparedPayment {
  providerPaymentId: string;
  /** Can be charged again without the fan (renewals). */
  savedMethodRef: string;
  crypto: CryptoInstructions | null;
  /** Written by the caller's statement with its order; null when the provider keeps nothing here. */
  rows: PaymentRows | null;
}

/**
 * The caller's statement with the provider's rows: `with <order CTEs>, <payment CTEs> <final query>`.
 * The payment CTEs write only when the gate CTE answers a row, so the payment and the order are
 * written together or not at all, in one statement (one round trip, no BEGIN/COMMIT).
 */
export function withPaymentRows(order: { ctes: string; params: unknown[] }, payment: PreparedPayment, finalQuery: string): [string, unknown[]] {
  if (!payment.rows) return [`with ${order.ctes}\n${finalQuery}`, order.params];
  return [`with ${order.ctes},\n${payment.rows.ctes}\n${finalQuery}`, [...order.params, ...payment.rows.params]];
}

export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'payment.refunded', 'payment.charged_back'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** A verified provider event, in our words. */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  reference: string;
  providerPaymentId: string;
  /** The payment's amount and currency as the provider holds them; applied only when they are the purchase's. */
  amountMinor: number;
  currency: string;
  failureReason: string | null;
  occurredAt: Date;
}

/** A webhook delivery: its event, or why it is refused (a bad signature says nothing about the body). */
export type WebhookVerification = { event: PaymentEvent } | { refused: 'signature' } | { refused: 'event'; problem: string };

/**
 * What commerce needs from a payment provider. Payments confirm later: the outcome arrives as a
 * signed webhook, verified here and applied by HandlePaymentEvent.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Prepares a payment for the caller's order: its ids now, and the provider's rows as CTEs that
   * write only when the caller's CTE named `gate` answers a row (the order was written, with its
   * amount_minor and currency columns). Never calls out over the network; the outcome arrives by
   * webhook.
   */
  preparePayment(payment: CreatePayment, gate: string): PreparedPayment;
  /** Asks for a full refund; the payment.refunded event follows. False when it cannot be refunded. */
  refund(reference: string): Promise<boolean>;
  /** The event in a webhook delivery; refused when its signature is missing, forged or too old, or its signed body is not a payment event. */
  verifyWebhook(rawBody: string, signature: string | undefined): WebhookVerification;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
