import { AppError } from '#app/platform';

export const PAYMENT_METHODS = ['card', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CryptoInstructions {
  network: 'solana';
  address: string;
  /** Whole platform tokens, as a decimal string. */
  amountToken: string;
}

/** What the provider reports about a card; never its number. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SavedMethod extends CardSummary {
  id: string;
}

export interface CheckoutRequest {
  /** Our purchase id: the provider's objects carry it back, and it is the call's Idempotency-Key. */
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** Our buyer's user id: the provider keeps saved cards under it. */
  customerRef: string;
  method: PaymentMethod;
  /** Keep the card for charges without the fan (subscription renewals). */
  saveCard: boolean;
  successUrl: string;
  cancelUrl: string;
}

/** A card checkout is a hosted page the fan is sent to; a crypto one is an address to pay. */
export type Checkout =
  | { kind: 'hosted'; checkoutId: string; url: string; expiresAt: Date }
  | { kind: 'crypto'; checkoutId: string; crypto: CryptoInstructions };

/** What we know of a purchase's payment at the provider. */
export interface PaymentIds {
  method: PaymentMethod;
  checkoutId: string | null;
  providerPaymentId: string | null;
}

export interface MerchantCharge {
  reference: string;
  customerRef: string;
  savedMethodRef: string;
  amountMinor: number;
  currency: string;
  description: string;
}

export const DISPUTE_STAGES = ['needs_response', 'under_review', 'won', 'lost'] as const;
export type DisputeStage = (typeof DISPUTE_STAGES)[number];

/**
 * What happened to a payment, in our words (whatever the provider calls it):
 * - captured: the money was taken (card summary and saved method when known);
 * - declined: an attempt failed; `final` when no other attempt can follow (a merchant-initiated
 *   charge), otherwise the fan may still try another card on the open hosted page;
 * - checkout_expired: the hosted page or invoice ended without a payment;
 * - refunded; disputed: a dispute opened or moved to `disputeStage`.
 */
export type PaymentFactType = 'captured' | 'declined' | 'checkout_expired' | 'refunded' | 'disputed';

export interface PaymentFact {
  type: PaymentFactType;
  /** Our purchase id, as given when the checkout or charge was created. */
  reference: string;
  checkoutId: string | null;
  providerPaymentId: string | null;
  amountMinor: number;
  currency: string;
  card: CardSummary | null;
  savedMethodRef: string | null;
  failureReason: string | null;
  final: boolean;
  disputeStage: DisputeStage | null;
  occurredAt: Date;
}

/** A verified webhook event: a fact with the provider's event id, claimed once. */
export interface PaymentEvent extends PaymentFact {
  id: string;
}

/**
 * A webhook delivery: its event (null for an event type we do not act on), or why it is refused
 * (a bad signature says nothing about the body).
 */
export type WebhookVerification =
  { event: PaymentEvent | null } | { refused: 'signature' } | { refused: 'event'; problem: string };

/** The provider could not be reached, timed out or failed (after bounded retries): nothing was charged by this call. */
export class PaymentsUnavailable extends AppError {
  constructor(readonly problem: string) {
    super(
      503,
      'payments_unavailable',
      'Payments are unavailable right now. Nothing was charged; try again in a minute.',
    );
  }
}

/** The provider refused the request (4xx): retrying it would not help. */
export class PaymentProviderRefused extends AppError {
  constructor(
    readonly providerStatus: number,
    message: string,
  ) {
    super(502, 'payment_provider_refused', `The payment provider refused the request: ${message}`);
  }
}

/**
 * What commerce needs from a payment provider, over the network. Every call that moves money
 * carries an idempotency key derived from our purchase id, so a retry never charges twice; the
 * outcome of a hosted checkout arrives later as a signed webhook (or through `retrieve`).
 * Calls throw PaymentsUnavailable or PaymentProviderRefused.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Opens a hosted checkout (card) or a crypto invoice for one purchase; the same reference returns the same checkout. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The latest state of a checkout (or payment) we know the id of, as the fact it amounts to; null while nothing happened yet. */
  retrieve(payment: PaymentIds): Promise<PaymentFact | null>;
  /** Refunds a captured payment in full; the refunded fact is returned (and also arrives by webhook). */
  refund(reference: string, providerPaymentId: string): Promise<PaymentFact>;
  /** Charges a saved method without the fan (renewals); a decline is a `declined` fact, not an error. */
  chargeSavedMethod(charge: MerchantCharge): Promise<PaymentFact>;
  listSavedMethods(customerRef: string): Promise<SavedMethod[]>;
  /** False when the customer has no such method. */
  deleteSavedMethod(customerRef: string, methodId: string): Promise<boolean>;
  /** The event in a webhook delivery, checked against its signature header(s). */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookVerification;
  /** Sandbox only (null elsewhere): make the fan's bank dispute a captured payment. */
  readonly sandbox: { openDispute(providerPaymentId: string): Promise<void> } | null;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
