import type { PurchaseKind } from '../queries/purchases/purchase-view.js';
import type {
  CardSummary,
  Checkout,
  CryptoInstructions,
  DisputeStage,
  PaymentFact,
  PaymentMethod,
} from '../payments/payment-provider.js';

export const PURCHASE_STATUSES = [
  'pending',
  'requires_action',
  'paid',
  'failed',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * Every transition a purchase may make. A capture after its checkout failed or expired is still a
 * real payment (money was taken), so failed and expired may become paid; a chargeback whose dispute
 * the merchant won gives the money back, so charged_back becomes paid again. Nothing leaves refunded.
 */
export const PURCHASE_TRANSITIONS: Record<PurchaseStatus, readonly PurchaseStatus[]> = {
  pending: ['requires_action', 'paid', 'failed', 'expired'],
  requires_action: ['paid', 'failed', 'expired'],
  failed: ['paid'],
  expired: ['paid'],
  paid: ['refunded', 'charged_back'],
  refunded: [],
  charged_back: ['paid'],
};

/** Purchases still waiting for the fan or the provider. */
export const OPEN_STATUSES: readonly PurchaseStatus[] = ['pending', 'requires_action'];
/** What the purchase history lists: payments that happened (declined or abandoned attempts are not purchases). */
export const HISTORY_STATUSES: readonly PurchaseStatus[] = ['paid', 'refunded', 'charged_back'];

/** The part of a purchase its payment changes. */
export interface PurchasePayment {
  id: string;
  status: PurchaseStatus;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  checkoutId: string | null;
  checkoutUrl: string | null;
  checkoutExpiresAt: Date | null;
  crypto: CryptoInstructions | null;
  providerPaymentId: string | null;
  savedMethodRef: string | null;
  card: CardSummary | null;
  failureReason: string | null;
  disputeStage: DisputeStage | null;
  paidAt: Date | null;
  reversedAt: Date | null;
}

/**
 * What else must happen in the same transaction: book the sale, book its reversal (or restore it
 * when the dispute is won), a renewal failed, or send a payment back to the fan at the provider (return_payment).
 */
export type PurchaseEffect = 'sale' | 'refund' | 'chargeback' | 'dispute_won' | 'declined' | 'return_payment';

/** no_change: the purchase is already there (a duplicate or late event); not_allowed: the move makes no sense; mismatch: not this purchase's payment. */
export interface PurchaseRefusal {
  code: 'no_change' | 'not_allowed' | 'mismatch';
  reason: string;
}

export type PurchaseDecision =
  | { changed: true; purchase: PurchasePayment; effects: PurchaseEffect[] }
  | { changed: false; refusal: PurchaseRefusal };

const refuse = (code: PurchaseRefusal['code'], reason: string): PurchaseDecision => ({
  changed: false,
  refusal: { code, reason },
});

function move(
  purchase: PurchasePayment,
  to: PurchaseStatus,
  changes: Partial<PurchasePayment>,
  effects: PurchaseEffect[],
): PurchaseDecision {
  if (purchase.status === to) return refuse('no_change', `already ${to}`);
  if (!PURCHASE_TRANSITIONS[purchase.status].includes(to))
    return refuse('not_allowed', `${purchase.status} cannot become ${to}`);
  return { changed: true, purchase: { ...purchase, ...changes, status: to }, effects };
}

/** The checkout the provider opened: a hosted page waits for the fan; a crypto invoice keeps the purchase pending. */
export function openCheckout(purchase: PurchasePayment, checkout: Checkout): PurchaseDecision {
  if (purchase.checkoutId === checkout.checkoutId) return refuse('no_change', 'checkout already open');
  if (purchase.status !== 'pending' || purchase.checkoutId)
    return refuse('not_allowed', `a ${purchase.status} purchase cannot open a checkout`);
  if (checkout.kind === 'crypto')
    return {
      changed: true,
      purchase: { ...purchase, checkoutId: checkout.checkoutId, crypto: checkout.crypto },
      effects: [],
    };
  return move(
    purchase,
    'requires_action',
    { checkoutId: checkout.checkoutId, checkoutUrl: checkout.url, checkoutExpiresAt: checkout.expiresAt },
    [],
  );
}

/** Why a fact is not about this purchase's payment, or null. */
export function mismatchOf(purchase: PurchasePayment, fact: PaymentFact): string | null {
  if (fact.reference !== purchase.id) return 'reference differs';
  if (fact.amountMinor !== purchase.amountMinor) return 'amount differs';
  if (fact.currency !== purchase.currency) return 'currency differs';
  if (fact.checkoutId && purchase.checkoutId && fact.checkoutId !== purchase.checkoutId) return 'checkout id differs';
  // Each declined attempt on a hosted page is a payment of its own; the captured one is the purchase's.
  const aboutCapture = fact.type === 'captured' || fact.type === 'refunded' || fact.type === 'disputed';
  if (
    aboutCapture &&
    fact.providerPaymentId &&
    purchase.providerPaymentId &&
    fact.providerPaymentId !== purchase.providerPaymentId
  )
    return 'payment id differs';
  const known = [purchase.checkoutId, purchase.providerPaymentId].filter((id) => id !== null);
  if (known.length > 0 && ![fact.checkoutId, fact.providerPaymentId].some((id) => id !== null && known.includes(id)))
    return 'payment id differs';
  return null;
}

const STAGE_ORDER: Record<DisputeStage, number> = { needs_response: 0, under_review: 1, won: 2, lost: 2 };

function capture(purchase: PurchasePayment, fact: PaymentFact): PurchaseDecision {
  return move(
    purchase,
    'paid',
    {
      providerPaymentId: fact.providerPaymentId ?? purchase.providerPaymentId,
      checkoutId: purchase.checkoutId ?? fact.checkoutId,
      card: fact.card ?? purchase.card,
      savedMethodRef: fact.savedMethodRef ?? purchase.savedMethodRef,
      failureReason: null,
      checkoutUrl: null,
      paidAt: fact.occurredAt,
    },
    ['sale'],
  );
}

/**
 * A refund or dispute of a payment we never saw captured (its events arrived out of order) proves
 * the capture: the purchase goes through paid first, so the sale and its reversal are both booked.
 */
function reverse(
  purchase: PurchasePayment,
  fact: PaymentFact,
  to: 'refunded' | 'charged_back',
  changes: Partial<PurchasePayment>,
): PurchaseDecision {
  const captured =
    OPEN_STATUSES.includes(purchase.status) || purchase.status === 'failed' || purchase.status === 'expired'
      ? capture(purchase, fact)
      : null;
  const from = captured?.changed ? captured.purchase : purchase;
  const reversed = move(from, to, { ...changes, reversedAt: fact.occurredAt }, [
    to === 'refunded' ? 'refund' : 'chargeback',
  ]);
  if (!reversed.changed || !captured?.changed) return reversed;
  return { ...reversed, effects: [...captured.effects, ...reversed.effects] };
}

/**
 * What the purchase's buyer holds besides it: another of their purchases holds the same item, or the
 * same store's subscription is active or being paid through another.
 */
export interface BuyerHoldings {
  itemHeldElsewhere: boolean;
}

/**
 * Whether applying this fact needs to know what else the buyer holds: a late capture of an item they
 * may have bought again, or of a subscription they have started (or are starting) through another purchase.
 */
export const needsHoldings = (purchase: PurchasePayment & { kind: string }, fact: PaymentFact) => {
  const holds = HOLDING_KINDS.includes(purchase.kind) || purchase.kind === 'subscription';
  if (fact.type === 'captured') return holds && (purchase.status === 'failed' || purchase.status === 'expired');
  // A won dispute gives the purchase back its hold, unless the fan has bought the thing again since.
  return (
    fact.type === 'disputed' &&
    fact.disputeStage === 'won' &&
    holds &&
    ['failed', 'expired', 'charged_back'].includes(purchase.status)
  );
};

/** Kinds whose live purchase holds one thing per buyer (an item, a message, a post): a second live one is refused. */
export const HOLDING_KINDS: readonly string[] = ['content', 'message', 'message_fee', 'post'];

/**
 * What a fact from the provider does to the purchase (the caller checked nothing; mismatches are
 * refused here). A late capture of an item its buyer has meanwhile bought again (or is buying) is a
 * second payment for one thing: it is booked, then refunded, and its money sent back (return_payment).
 */
export function applyPaymentFact(
  purchase: PurchasePayment,
  fact: PaymentFact,
  holdings: BuyerHoldings = { itemHeldElsewhere: false },
): PurchaseDecision {
  const mismatch = mismatchOf(purchase, fact);
  if (mismatch) return refuse('mismatch', mismatch);
  switch (fact.type) {
    case 'captured':
      if (
        purchase.providerPaymentId === fact.providerPaymentId &&
        (purchase.status === 'refunded' || purchase.status === 'charged_back')
      )
        return refuse('no_change', `already ${purchase.status}`);
      if (holdings.itemHeldElsewhere && (purchase.status === 'failed' || purchase.status === 'expired'))
        return returnDuplicate(purchase, fact);
      return capture(purchase, fact);
    case 'declined':
      if (!fact.final && OPEN_STATUSES.includes(purchase.status)) {
        // The hosted page stays open for another card: only the reason is kept.
        if (purchase.failureReason === fact.failureReason) return refuse('no_change', 'same failure');
        return { changed: true, purchase: { ...purchase, failureReason: fact.failureReason }, effects: [] };
      }
      return move(
        purchase,
        'failed',
        {
          failureReason: fact.failureReason,
          providerPaymentId: fact.providerPaymentId ?? purchase.providerPaymentId,
          checkoutUrl: null,
        },
        ['declined'],
      );
    case 'checkout_expired':
      return move(purchase, 'expired', { checkoutUrl: null }, []);
    case 'refunded':
      return reverse(purchase, fact, 'refunded', {});
    case 'disputed': {
      const stage = fact.disputeStage ?? 'needs_response';
      if (purchase.disputeStage && STAGE_ORDER[stage] <= STAGE_ORDER[purchase.disputeStage])
        return refuse('no_change', `dispute already ${purchase.disputeStage}`);
      if (stage === 'won') return winDispute(purchase, fact, holdings);
      if (purchase.status !== 'charged_back') return reverse(purchase, fact, 'charged_back', { disputeStage: stage });
      return { changed: true, purchase: { ...purchase, disputeStage: stage }, effects: [] };
    }
  }
}

/**
 * The merchant won the dispute: the money taken back is returned, so a charged-back purchase is paid
 * again and its reversal is restored in the ledger (dispute_won). If the fan has bought the thing
 * again meanwhile, the purchase stays charged back (the hold is the other purchase's) but the money
 * is restored all the same. A dispute won before we saw it opened moved no money: only its stage is kept.
 */
function winDispute(purchase: PurchasePayment, fact: PaymentFact, holdings: BuyerHoldings): PurchaseDecision {
  const won = { disputeStage: 'won' as const };
  if (purchase.status === 'charged_back') {
    if (holdings.itemHeldElsewhere)
      return { changed: true, purchase: { ...purchase, ...won }, effects: ['dispute_won'] };
    return move(purchase, 'paid', { ...won, reversedAt: null }, ['dispute_won']);
  }
  if (purchase.status === 'paid') return { changed: true, purchase: { ...purchase, ...won }, effects: [] };
  // Never seen captured: the capture is proven, and the money stayed with us.
  const duplicate = holdings.itemHeldElsewhere && (purchase.status === 'failed' || purchase.status === 'expired');
  const captured = duplicate ? returnDuplicate(purchase, fact) : capture(purchase, fact);
  return captured.changed ? { ...captured, purchase: { ...captured.purchase, ...won } } : captured;
}

/** Why a returned duplicate was refunded, kept on the purchase (the fan sees it in their history). */
export const DUPLICATE_RETURNED =
  'Paid after this checkout had lapsed, while another purchase already covered it: this payment is refunded in full.';

function returnDuplicate(purchase: PurchasePayment, fact: PaymentFact): PurchaseDecision {
  const captured = capture(purchase, fact);
  if (!captured.changed) return captured;
  const refunded = move(
    captured.purchase,
    'refunded',
    { reversedAt: fact.occurredAt, failureReason: DUPLICATE_RETURNED },
    ['refund', 'return_payment'],
  );
  if (!refunded.changed) return refunded;
  return { ...refunded, effects: [...captured.effects, ...refunded.effects] };
}

/** Our own sweep: an open purchase the provider had nothing more to say about after its checkout's lifetime. */
export function expireAbandoned(purchase: PurchasePayment): PurchaseDecision {
  return move(purchase, 'expired', { checkoutUrl: null }, []);
}

/** How a purchase reads on a statement and at the provider (its checkout's description). */
export function describePurchase(purchase: {
  kind: PurchaseKind;
  contentTitle: string | null;
  storeName: string;
}): string {
  if (purchase.kind === 'content') return `Purchase: ${purchase.contentTitle}`;
  if (purchase.kind === 'message') return `Message: ${purchase.storeName}`;
  if (purchase.kind === 'message_fee') return `Paid message to ${purchase.storeName}`;
  if (purchase.kind === 'post') return `Post: ${purchase.storeName}`;
  return purchase.kind === 'tip' ? `Tip to ${purchase.storeName}` : `Subscription to ${purchase.storeName}`;
}
