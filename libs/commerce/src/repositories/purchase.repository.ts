import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentMethod } from '../payments/payment-provider.js';
import type { PurchasePayment } from '../domain/purchase.js';
import type { PurchaseKind } from '../queries/purchases/purchase-view.js';

/** A purchase as its handlers change it: its payment (the aggregate's part) and what it was for. */
export interface PurchaseRecord extends PurchasePayment {
  buyerId: string;
  storeId: string;
  creatorId: string;
  kind: PurchaseKind;
  contentId: string | null;
  contentTitle: string | null;
  contentKind: 'video' | 'album' | null;
  storeSlug: string;
  storeName: string;
  subscriptionId: string | null;
  periodStart: Date | null;
  referrerId: string | null;
  /** A message purchase's message, or a tip's conversation (paid messages). */
  messageId: string | null;
  /** The message's own time (its partition key in messaging). */
  messageCreatedAt: Date | null;
  conversationId: string | null;
  /** A post purchase's post (in posts; commerce keeps the reference). */
  postId: string | null;
  /** A tip's note to the creator. */
  note: string | null;
  /** A path of ours the return page sends the fan back to. */
  returnTo: string | null;
  /** The fingerprint of the request that placed it (null before fingerprints, and for renewals). */
  requestHash: string | null;
  createdAt: Date;
  /** Raised by every save; a save that names the version it decided on finds out whether it still stands. */
  version: number;
}

/** What holds an item, a message, a post or a store's subscription for its buyer while a purchase of it is live. */
export type Held = 'content' | 'subscription' | 'message' | 'post';

/** A new purchase ran into another of the buyer's that holds the same thing. */
export class PurchaseHeld extends Error {
  constructor(readonly held: Held) {
    super(`the buyer's ${held} is held by another purchase`);
  }
}

/** A provider's event about a purchase, as it is claimed. */
export interface PaymentEventClaim {
  provider: string;
  eventId: string;
  type: string;
  reference: string;
  receivedAt: Date;
}

/** Only the buyer's purchase, or only one paid through this provider. */
export interface PurchaseScope {
  buyerId?: string;
  provider?: string;
}

/** A message as messaging offered it (MessageOfferQuery), sold by its sender's store. */
export interface OfferedMessage {
  messageId: string;
  messageCreatedAt: Date;
  conversationId: string;
  sellerId: string;
  priceMinor: number;
  currency: string;
}

/** A post as posts offered it (PostOfferQuery), sold by its creator's store. */
export interface OfferedPost {
  postId: string;
  sellerId: string;
  priceMinor: number;
  currency: string;
}

/**
 * What a new purchase sells. An item is priced by the write itself (sellable, in its creator's active
 * store, open to the buyer at `at`); a message, a post (as posts offered it: PostOfferQuery, sold by its
 * creator's store) and a store sale (subscription, tip) come priced.
 */
export type SaleItem =
  | { kind: 'content'; contentId: string; at: Date }
  | { kind: 'message'; offer: OfferedMessage }
  | { kind: 'post'; offer: OfferedPost }
  | { kind: 'store'; storeId: string; amountMinor: number; currency: string; conversationId: string | null };

export interface NewSale {
  item: SaleItem;
  id: string;
  buyerId: string;
  kind: PurchaseKind;
  method: PaymentMethod;
  message: string | null;
  idempotencyKey: string;
  requestHash: string;
  provider: string;
  returnTo: string | null;
  referralCode: string | null;
  createdAt: Date;
}

export interface NewRenewal {
  id: string;
  subscriberId: string;
  storeId: string;
  creatorId: string;
  subscriptionId: string;
  periodStart: Date;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  savedMethodRef: string;
  provider: string;
  createdAt: Date;
}

/**
 * The one writer of purchases, with two adapters that pass one contract (purchase.repository.contract.ts):
 * PostgreSQL, and in memory for the handlers' specs. New purchases are written pending (their checkout
 * comes after, over the network); every later change locks the purchase in a transaction, decides it in
 * the aggregate (domain/purchase.ts) and saves it here.
 */
export abstract class PurchaseRepository {
  /** Runs `work` in one transaction; the entity manager it gets is the one to lock and save with. */
  abstract transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;

  /**
   * A pending purchase of what is sold, with the buyer's referral link if it applies; null when nothing
   * was written (a replayed Idempotency-Key, or nothing on sale). PurchaseHeld when a live purchase of
   * the buyer's already holds the item, the message, the post or the store's subscription in flight.
   */
  abstract insertSale(sale: NewSale): Promise<PurchaseRecord | null>;

  /** A renewal's purchase, once per subscription and period: its id while still pending, null when another run settled it. */
  abstract placeRenewal(em: EntityManager, renewal: NewRenewal): Promise<string | null>;

  /** The purchase, locked for the rest of the transaction of `em`. */
  abstract lock(em: EntityManager, id: string, scope?: PurchaseScope): Promise<PurchaseRecord | null>;

  /** The purchase as it is now, unlocked (before a call to the provider, which must not hold a lock). */
  abstract find(id: string, scope?: PurchaseScope): Promise<PurchaseRecord | null>;

  /** The buyer's purchase placed with this Idempotency-Key. */
  abstract findByIdempotencyKey(buyerId: string, key: string): Promise<PurchaseRecord | null>;

  /**
   * The buyer's newest open attempt (pending or requires_action, no renewal) at an item (`what`: its id),
   * a message (its id), a post (its id) or a store's subscription (its slug).
   */
  abstract findOpenAttempt(buyerId: string, held: Held, what: string): Promise<PurchaseRecord | null>;

  /**
   * A provider's event claimed (its id is recorded once, ever) and the purchase it names locked: `claimed`
   * false for an event seen before, `purchase` null when the reference names none of this provider's purchases.
   */
  abstract claimEventAndLock(
    em: EntityManager,
    event: PaymentEventClaim,
  ): Promise<{ claimed: boolean; purchase: PurchaseRecord | null }>;

  /** Keeps why a claimed event was refused (not its purchase's payment). */
  abstract refuseEvent(em: EntityManager, provider: string, eventId: string, reason: string): Promise<void>;

  /** Whether another live purchase of the buyer's holds what this one bought (or, for a subscription, the store's subscription is active). */
  abstract heldElsewhere(em: EntityManager, purchase: PurchaseRecord): Promise<boolean>;

  /** Saves a purchase locked in the transaction of `em`. */
  abstract save(em: EntityManager, purchase: PurchaseRecord): Promise<void>;

  /** Saves a purchase decided on without a lock if it is still at the version decided on; false (nothing written) otherwise. */
  abstract saveIfUnchanged(purchase: PurchaseRecord): Promise<boolean>;

  /** Checkouts still open that were created before `before`, oldest first (the expiry sweep; renewals retry on their own). */
  abstract openBefore(before: Date, limit: number): Promise<string[]>;
}
