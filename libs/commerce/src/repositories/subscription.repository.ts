import type { EntityManager } from '@mikro-orm/postgresql';
import type { Subscription } from '../domain/subscription.js';

/**
 * The transaction a change runs in: PostgreSQL's EntityManager (the caller's, or the one
 * `transaction` opens), or null in memory.
 */
export type SubscriptionTx = EntityManager | null;

/** A subscription the renewal job charges, with the store name its charge describes. */
export interface DueSubscription {
  subscription: Subscription;
  storeName: string;
}

/**
 * The only writer of the `subscriptions` table. Takes and returns Subscription values; the lock
 * methods hold the rows (`for update`) until the transaction ends, so a handler checks the state it
 * commits. Two adapters pass one contract (subscription.repository.contract.ts): PostgreSQL and in memory.
 */
export abstract class SubscriptionRepository {
  /** Runs `work` in a transaction of its own. */
  abstract transaction<T>(work: (tx: SubscriptionTx) => Promise<T>): Promise<T>;

  abstract lock(tx: SubscriptionTx, id: string): Promise<Subscription | null>;

  /** The fan's subscription by id; another fan's answers like a missing one. */
  abstract lockOwned(tx: SubscriptionTx, id: string, subscriberId: string): Promise<Subscription | null>;

  /** The fan's subscription to the store (there is at most one), whatever its status. */
  abstract lockForStore(tx: SubscriptionTx, subscriberId: string, storeId: string): Promise<Subscription | null>;

  /** The renewing or past-due subscriptions the user holds as a fan, or sells as a creator. */
  abstract lockRenewingOf(tx: SubscriptionTx, userId: string): Promise<Subscription[]>;

  /** Active subscriptions whose period ended at `at` that will not renew: automatic renewal off, or their store no longer sells them. */
  abstract lockEndingWithPeriod(tx: SubscriptionTx, at: Date): Promise<Subscription[]>;

  /**
   * Up to `limit` subscriptions due for renewal at `at`, earliest period end first, leaving out
   * `skipped` ids and those whose renewal for the current period already settled (one left
   * pending, the provider unreachable, is due again).
   */
  abstract dueForRenewal(
    tx: SubscriptionTx,
    at: Date,
    skipped: readonly string[],
    limit: number,
  ): Promise<DueSubscription[]>;

  /**
   * Writes the subscription. The table holds one per fan and store: a new value for a pair that
   * already has one replaces that one's state under its id. Answers what was stored.
   */
  abstract save(tx: SubscriptionTx, subscription: Subscription): Promise<Subscription>;

  /** Writes several in one statement. */
  abstract saveAll(tx: SubscriptionTx, subscriptions: readonly Subscription[]): Promise<void>;
}
