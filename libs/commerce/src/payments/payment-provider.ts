import type { EntityManager } from '@mikro-orm/postgresql';
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
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  /** A new card (card payments without a saved method). */
  card?: CardInput;
  /** A method saved by an earlier payment (subscription renewals). */
  savedMethodRef?: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** Can be charged again without the fan (renewals). */
  savedMethodRef: string;
  crypto: CryptoInstructions | null;
}

export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'payment.refunded', 'payment.charged_back'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** A verified provider event, in our words. */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  reference: string;
  providerPaymentId: string;
  failureReason: string | null;
  occurredAt: Date;
}

/**
 * What commerce needs from a payment provider. Payments confirm later: the outcome arrives as a
 * signed webhook, verified here and applied by HandlePaymentEvent.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Registers the payment inside the caller's transaction; never calls out over the network. */
  createPayment(em: EntityManager, payment: CreatePayment): Promise<CreatedPayment>;
  /** Asks for a full refund; the payment.refunded event follows. False when it cannot be refunded. */
  refund(reference: string): Promise<boolean>;
  /** The event in a webhook delivery, or null when its signature is missing, forged or too old. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent | null;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
