import type { EntityManager } from '@mikro-orm/postgresql';
import { OPEN_STATUSES, type PurchaseStatus } from '../domain/purchase.js';
import { blankPurchase, emptyCatalog, type PurchaseCatalog } from './in-memory-purchase-catalog.js';
import {
  PurchaseHeld,
  PurchaseRepository,
  type Held,
  type NewRenewal,
  type NewSale,
  type PaymentEventClaim,
  type PurchaseRecord,
  type PurchaseScope,
} from './purchase.repository.js';

interface Stored {
  record: PurchaseRecord;
  provider: string;
}

/**
 * There is no entity manager in memory: a handler that hands this one to anything but the repository
 * (the outbox, another module's SQL) fails at once, naming what it tried.
 */
export const NO_ENTITY_MANAGER = new Proxy({} as EntityManager, {
  get: (_target, property) => {
    throw new Error(`the in-memory purchase repository has no entity manager (${String(property)} was asked for)`);
  },
});

/** What a save writes (the PostgreSQL adapter's UPDATE): the fields a decision may change. */
const CHANGEABLE = [
  ...[
    'status',
    'checkoutId',
    'checkoutUrl',
    'checkoutExpiresAt',
    'crypto',
    'providerPaymentId',
    'savedMethodRef',
    'card',
  ],
  ...['failureReason', 'disputeStage', 'paidAt', 'reversedAt', 'subscriptionId'],
] as const satisfies readonly (keyof PurchaseRecord)[];

/** The statuses in which a purchase of an item, a message or a post holds it; a subscription payment holds its store only while open. */
const LIVE: readonly PurchaseStatus[] = ['pending', 'requires_action', 'paid'];

function holdOf(p: PurchaseRecord): string | null {
  if (p.kind === 'content' && LIVE.includes(p.status)) return `content:${p.buyerId}:${p.contentId}`;
  if ((p.kind === 'message' || p.kind === 'message_fee') && LIVE.includes(p.status))
    return `message:${p.buyerId}:${p.messageId}`;
  if (p.kind === 'post' && LIVE.includes(p.status)) return `post:${p.buyerId}:${p.postId}`;
  if (p.kind === 'subscription' && OPEN_STATUSES.includes(p.status)) return `subscription:${p.buyerId}:${p.storeId}`;
  return null;
}

const copy = (record: PurchaseRecord): PurchaseRecord => structuredClone(record);

export { emptyCatalog, type PurchaseCatalog };

/** The purchase repository in memory, for the handlers' specs: it passes the same contract as the PostgreSQL one. */
export class InMemoryPurchaseRepository extends PurchaseRepository {
  private purchases = new Map<string, Stored>();
  private keys = new Map<string, string>();
  private events = new Map<string, string | null>();

  constructor(readonly catalog: PurchaseCatalog = emptyCatalog()) {
    super();
  }

  /** Every purchase, as saved (for a spec's assertions). */
  all(): PurchaseRecord[] {
    return [...this.purchases.values()].map((stored) => copy(stored.record));
  }

  /** Why a claimed event was refused, if it was. */
  refusalOf(provider: string, eventId: string): string | null {
    return this.events.get(`${provider}:${eventId}`) ?? null;
  }

  async transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const purchases = new Map(
      [...this.purchases].map(([id, stored]) => [id, { ...stored, record: copy(stored.record) }]),
    );
    const before = { purchases, keys: new Map(this.keys), events: new Map(this.events) };
    try {
      return await work(NO_ENTITY_MANAGER);
    } catch (error) {
      Object.assign(this, before);
      throw error;
    }
  }

  async insertSale(sale: NewSale): Promise<PurchaseRecord | null> {
    if (this.keys.has(`${sale.buyerId}:${sale.idempotencyKey}`)) return null;
    const source = this.source(sale);
    if (!source) return null;
    const { store, ...what } = source;
    const album = 'contentKind' in what && what.contentKind === 'album' ? what.contentId : null;
    const link = this.catalog.referralLinks.find(
      (r) =>
        store.referralsEnabled &&
        r.code === sale.referralCode &&
        r.contentId === album &&
        r.ownerId !== sale.buyerId &&
        r.ownerId !== store.ownerId,
    );
    const record: PurchaseRecord = {
      ...blankPurchase(sale.id, sale.createdAt),
      ...what,
      buyerId: sale.buyerId,
      storeId: store.id,
      creatorId: store.ownerId,
      storeSlug: store.slug,
      storeName: store.displayName,
      kind: sale.kind,
      method: sale.method,
      referrerId: link?.ownerId ?? null,
      returnTo: sale.returnTo,
      requestHash: sale.requestHash,
      note: sale.message,
    };
    this.add(record, sale.provider, sale.idempotencyKey);
    return copy(record);
  }

  async placeRenewal(_em: EntityManager, renewal: NewRenewal): Promise<string | null> {
    const key = `renewal:${renewal.subscriptionId}:${renewal.periodStart.toISOString()}`;
    const known = this.keys.get(`${renewal.subscriberId}:${key}`);
    if (known) {
      const { record } = this.purchases.get(known)!;
      return record.status === 'pending' && record.providerPaymentId === null ? known : null;
    }
    const store = this.catalog.stores.find((s) => s.id === renewal.storeId);
    const record: PurchaseRecord = {
      ...blankPurchase(renewal.id, renewal.createdAt),
      buyerId: renewal.subscriberId,
      storeId: renewal.storeId,
      creatorId: renewal.creatorId,
      storeSlug: store?.slug ?? '',
      storeName: store?.displayName ?? '',
      kind: 'subscription',
      subscriptionId: renewal.subscriptionId,
      periodStart: renewal.periodStart,
      amountMinor: renewal.amountMinor,
      currency: renewal.currency,
      method: renewal.method,
      savedMethodRef: renewal.savedMethodRef,
    };
    this.add(record, renewal.provider, key);
    return record.id;
  }

  async lock(_em: EntityManager, id: string, scope: PurchaseScope = {}): Promise<PurchaseRecord | null> {
    return this.find(id, scope);
  }

  async find(id: string, scope: PurchaseScope = {}): Promise<PurchaseRecord | null> {
    const stored = this.purchases.get(id);
    if (
      !stored ||
      (scope.buyerId && stored.record.buyerId !== scope.buyerId) ||
      (scope.provider && stored.provider !== scope.provider)
    )
      return null;
    return copy(stored.record);
  }

  async findByIdempotencyKey(buyerId: string, key: string): Promise<PurchaseRecord | null> {
    const id = this.keys.get(`${buyerId}:${key}`);
    return id ? this.find(id) : null;
  }

  async findOpenAttempt(buyerId: string, held: Held, what: string): Promise<PurchaseRecord | null> {
    const same = (p: PurchaseRecord) =>
      held === 'content'
        ? p.kind === 'content' && p.contentId === what
        : held === 'message'
          ? (p.kind === 'message' || p.kind === 'message_fee') && p.messageId === what
          : held === 'post'
            ? p.kind === 'post' && p.postId === what
            : p.kind === 'subscription' && p.storeSlug === what.toLowerCase() && p.periodStart === null;
    const open = this.all().filter((p) => p.buyerId === buyerId && OPEN_STATUSES.includes(p.status) && same(p));
    return open.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null;
  }

  async claimEventAndLock(
    _em: EntityManager,
    event: PaymentEventClaim,
  ): Promise<{ claimed: boolean; purchase: PurchaseRecord | null }> {
    const key = `${event.provider}:${event.eventId}`;
    const claimed = !this.events.has(key);
    if (claimed) this.events.set(key, null);
    return { claimed, purchase: await this.find(event.reference, { provider: event.provider }) };
  }

  async refuseEvent(_em: EntityManager, provider: string, eventId: string, reason: string): Promise<void> {
    if (this.events.has(`${provider}:${eventId}`)) this.events.set(`${provider}:${eventId}`, reason);
  }

  async heldElsewhere(_em: EntityManager, purchase: PurchaseRecord): Promise<boolean> {
    const others = this.all().filter((p) => p.id !== purchase.id && p.buyerId === purchase.buyerId);
    if (purchase.kind !== 'subscription') {
      const hold = holdOf({ ...purchase, status: 'paid' });
      return others.some((p) => holdOf(p) === hold);
    }
    const held = others.some((p) => holdOf(p) === `subscription:${purchase.buyerId}:${purchase.storeId}`);
    return held || this.catalog.activeSubscriptions.has(`${purchase.buyerId}:${purchase.storeId}`);
  }

  async save(_em: EntityManager, purchase: PurchaseRecord): Promise<void> {
    this.write(purchase);
  }

  async saveIfUnchanged(purchase: PurchaseRecord): Promise<boolean> {
    if (this.purchases.get(purchase.id)?.record.version !== purchase.version) return false;
    this.write(purchase);
    return true;
  }

  async openBefore(before: Date, limit: number): Promise<string[]> {
    const open = this.all().filter(
      (p) => OPEN_STATUSES.includes(p.status) && p.createdAt < before && p.periodStart === null,
    );
    return open
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((p) => p.id);
  }

  /** Only what a decision may change is written, as the PostgreSQL adapter's UPDATE does; the version is raised. */
  private write(purchase: PurchaseRecord): void {
    const stored = this.purchases.get(purchase.id);
    if (!stored) return;
    const changes: Partial<PurchaseRecord> = {};
    for (const field of CHANGEABLE) Object.assign(changes, { [field]: purchase[field] });
    const next = { ...copy({ ...stored.record, ...changes }), version: stored.record.version + 1 };
    this.checkHold(next);
    this.purchases.set(purchase.id, { ...stored, record: next });
  }

  private add(record: PurchaseRecord, provider: string, key: string): void {
    this.checkHold(record);
    this.purchases.set(record.id, { record, provider });
    this.keys.set(`${record.buyerId}:${key}`, record.id);
  }

  /** The unique keys of content_ownership, message_ownership, post_ownership and open_subscription_payments. */
  private checkHold(record: PurchaseRecord): void {
    const hold = holdOf(record);
    if (!hold) return;
    const other = [...this.purchases.values()].find(
      (stored) => stored.record.id !== record.id && holdOf(stored.record) === hold,
    );
    if (other) throw new PurchaseHeld(hold.split(':')[0] as Held);
  }

  private source(sale: NewSale) {
    const { item } = sale;
    const stores = this.catalog.stores.filter((s) => s.active);
    if (item.kind === 'store') {
      const store = stores.find((s) => s.id === item.storeId);
      return (
        store && { store, amountMinor: item.amountMinor, currency: item.currency, conversationId: item.conversationId }
      );
    }
    if (item.kind === 'message') {
      const { offer } = item;
      const store = stores.find((s) => s.ownerId === offer.sellerId && s.ownerId !== sale.buyerId);
      const title = `${sale.kind === 'message' ? 'Message: ' : 'Paid message to '}${store?.displayName}`;
      const priced = { amountMinor: offer.priceMinor, currency: offer.currency };
      return (
        store && {
          store,
          ...priced,
          contentTitle: title,
          messageId: offer.messageId,
          messageCreatedAt: offer.messageCreatedAt,
          conversationId: offer.conversationId,
        }
      );
    }
    if (item.kind === 'post') {
      const { offer } = item;
      const store = stores.find((s) => s.ownerId === offer.sellerId && s.ownerId !== sale.buyerId);
      const priced = { amountMinor: offer.priceMinor, currency: offer.currency };
      return store && { store, ...priced, contentTitle: `Post: ${store.displayName}`, postId: offer.postId };
    }
    const content = this.catalog.items.find(
      (i) => i.id === item.contentId && i.sellable && i.creatorId !== sale.buyerId && i.priceMinor > 0,
    );
    const store = content && stores.find((s) => s.ownerId === content.creatorId);
    if (
      !content ||
      !store ||
      (store.visibility !== 'public' && !this.catalog.liveSubscriptions.has(`${sale.buyerId}:${store.id}`))
    )
      return null;
    const priced = { amountMinor: content.priceMinor, currency: content.currency };
    return { store, ...priced, contentId: content.id, contentTitle: content.title, contentKind: content.kind };
  }
}
