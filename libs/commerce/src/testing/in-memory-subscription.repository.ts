import { RENEWING_STATUSES, endsWithItsPeriod, isDueForRenewal, type Subscription } from '../domain/subscription.js';
import {
  SubscriptionRepository,
  type DueSubscription,
  type SubscriptionTx,
} from '../repositories/subscription.repository.js';

/** What the in-memory adapter knows of a store (PostgreSQL reads it from `stores`). */
export interface InMemoryStore {
  name: string;
  /** Open and selling subscriptions. */
  sells: boolean;
}

const renewalKey = (subscriptionId: string, periodStart: Date) => `${subscriptionId}@${periodStart.toISOString()}`;

/**
 * The subscription repository in memory, for millisecond handler specs. It passes the same contract
 * suite as the PostgreSQL adapter. A transaction that throws leaves the rows as they were; locks are
 * not modelled (the specs run one handler at a time).
 */
export class InMemorySubscriptionRepository extends SubscriptionRepository {
  private rows = new Map<string, Subscription>();
  private readonly stores = new Map<string, InMemoryStore>();
  /** Renewals (subscription and period) whose payment settled: purchases, in PostgreSQL. */
  private readonly settled = new Set<string>();

  /** Sets what the adapter knows of a store; an unknown store is open, sells subscriptions and is named after its id. */
  setStore(storeId: string, store: InMemoryStore): void {
    this.stores.set(storeId, store);
  }

  /** The renewal of `subscriptionId` for the period starting at `periodStart` was paid or declined. */
  settleRenewal(subscriptionId: string, periodStart: Date): void {
    this.settled.add(renewalKey(subscriptionId, periodStart));
  }

  /** Every stored subscription, for assertions. */
  all(): Subscription[] {
    return [...this.rows.values()].map((row) => ({ ...row }));
  }

  async transaction<T>(work: (tx: SubscriptionTx) => Promise<T>): Promise<T> {
    const before = new Map(this.rows);
    try {
      return await work(null);
    } catch (error) {
      this.rows = before;
      throw error;
    }
  }

  async lock(_tx: SubscriptionTx, id: string): Promise<Subscription | null> {
    return this.copy(this.rows.get(id));
  }

  async lockOwned(_tx: SubscriptionTx, id: string, subscriberId: string): Promise<Subscription | null> {
    const row = this.rows.get(id);
    return row?.subscriberId === subscriberId ? this.copy(row) : null;
  }

  async lockForStore(_tx: SubscriptionTx, subscriberId: string, storeId: string): Promise<Subscription | null> {
    return this.copy(this.find((row) => row.subscriberId === subscriberId && row.storeId === storeId)[0]);
  }

  async lockRenewingOf(_tx: SubscriptionTx, userId: string): Promise<Subscription[]> {
    return this.find(
      (row) => (row.subscriberId === userId || row.creatorId === userId) && RENEWING_STATUSES.includes(row.status),
    );
  }

  async lockEndingWithPeriod(_tx: SubscriptionTx, at: Date): Promise<Subscription[]> {
    return this.find((row) => endsWithItsPeriod(row, at, this.store(row.storeId).sells));
  }

  async dueForRenewal(
    _tx: SubscriptionTx,
    at: Date,
    skipped: readonly string[],
    limit: number,
  ): Promise<DueSubscription[]> {
    return this.find(
      (row) =>
        isDueForRenewal(row, at) &&
        !skipped.includes(row.id) &&
        !this.settled.has(renewalKey(row.id, row.currentPeriodEnd)),
    )
      .sort((a, b) => a.currentPeriodEnd.getTime() - b.currentPeriodEnd.getTime())
      .slice(0, limit)
      .map((subscription) => ({ subscription, storeName: this.store(subscription.storeId).name }));
  }

  async save(_tx: SubscriptionTx, subscription: Subscription): Promise<Subscription> {
    const existing = this.find(
      (row) => row.subscriberId === subscription.subscriberId && row.storeId === subscription.storeId,
    )[0];
    const stored = {
      ...subscription,
      id: existing?.id ?? subscription.id,
      creatorId: existing?.creatorId ?? subscription.creatorId,
    };
    this.rows.set(stored.id, stored);
    return { ...stored };
  }

  async saveAll(tx: SubscriptionTx, subscriptions: readonly Subscription[]): Promise<void> {
    for (const subscription of subscriptions) await this.save(tx, subscription);
  }

  private store(storeId: string): InMemoryStore {
    return this.stores.get(storeId) ?? { name: storeId, sells: true };
  }

  private find(test: (row: Subscription) => boolean): Subscription[] {
    return [...this.rows.values()]
      .filter(test)
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((row) => ({ ...row }));
  }

  private copy(row: Subscription | undefined): Subscription | null {
    return row ? { ...row } : null;
  }
}
