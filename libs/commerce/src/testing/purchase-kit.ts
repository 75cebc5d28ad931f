import type { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { FixedClock, loadConfig, Outbox, type JobName, type JobPayload, type QueueName } from '#app/platform';
import { ExpireCheckouts } from '../commands/expire-checkouts/expire-checkouts.js';
import { PaymentFacts } from '../commands/handle-payment-event/apply-payment-fact.js';
import { MessageSales } from '../commands/purchase/message-sale.js';
import { PostSales } from '../commands/purchase/post-sale.js';
import { CheckoutOpener } from '../commands/purchase/open-checkout.js';
import { SalePricing } from '../commands/purchase/price-sale.js';
import { PurchaseHandler } from '../commands/purchase/purchase.handler.js';
import { Replays } from '../commands/purchase/replay.js';
import { Takeovers } from '../commands/purchase/take-over.js';
import type {
  Checkout,
  CheckoutRequest,
  PaymentFact,
  PaymentIds,
  PaymentProvider,
} from '../payments/payment-provider.js';
import { PostOfferQuery, type PostOfferAnswer } from '../ports/post-offers.js';
import { SaleTerms, type StoreSaleTerms } from '../queries/purchases/sale-terms.read-model.js';
import { SellableItems } from '../queries/sellable-items/sellable-items.read-model.js';
import {
  emptyCatalog,
  InMemoryPurchaseRepository,
  type PurchaseCatalog,
} from '../repositories/in-memory-purchase.repository.js';
import { SubscriptionEffects } from '../commands/handle-payment-event/subscription-effects.js';
import { InMemorySubscriptionRepository } from './in-memory-subscription.repository.js';

/**
 * The purchase handlers wired by hand on the in-memory purchase repository, for millisecond specs: a
 * provider that keeps its checkouts in memory, an outbox that records what would be sent, the store's
 * terms read from the same catalog the repository sells from.
 */

/** A payment provider in memory: one checkout per reference, and the fact `retrieve` answers set by the spec. */
export class MemoryProvider implements PaymentProvider {
  readonly name = 'memory';
  readonly sandbox = null;
  readonly checkouts = new Map<string, Checkout>();
  readonly facts = new Map<string, PaymentFact>();

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const known = this.checkouts.get(request.reference);
    if (known) return known;
    const checkoutId = `cs_${this.checkouts.size + 1}`;
    const checkout: Checkout =
      request.method === 'crypto'
        ? {
            kind: 'crypto',
            checkoutId,
            crypto: { network: 'solana', address: `addr_${checkoutId}`, amountToken: String(request.amountMinor) },
          }
        : {
            kind: 'hosted',
            checkoutId,
            url: `https://pay.test/${checkoutId}`,
            expiresAt: new Date(Date.now() + 3_600_000),
          };
    this.checkouts.set(request.reference, checkout);
    return checkout;
  }

  async retrieve(payment: PaymentIds & { id?: string }): Promise<PaymentFact | null> {
    return (payment.id && this.facts.get(payment.id)) || null;
  }

  async refund(reference: string, providerPaymentId: string): Promise<PaymentFact> {
    return { ...(this.facts.get(reference) ?? fact('refunded', reference, 0)), type: 'refunded', providerPaymentId };
  }

  async chargeSavedMethod(): Promise<PaymentFact> {
    throw new Error('no saved methods in memory');
  }

  async listSavedMethods() {
    return [];
  }

  async deleteSavedMethod() {
    return false;
  }

  verifyWebhook(): never {
    throw new Error('no webhooks in memory');
  }
}

/** What the provider says about a payment of `reference` (the amount must be the purchase's, in USD). */
export function fact(
  type: PaymentFact['type'],
  reference: string,
  amountMinor: number,
  more: Partial<PaymentFact> = {},
): PaymentFact {
  return {
    type,
    reference,
    checkoutId: null,
    providerPaymentId: `pay_${reference.slice(-6)}`,
    amountMinor,
    currency: 'USD',
    card: null,
    savedMethodRef: null,
    failureReason: null,
    final: true,
    disputeStage: null,
    occurredAt: new Date(),
    ...more,
  };
}

/** The outbox, recording the jobs a transaction would commit instead of persisting them. */
export class RecordingOutbox extends Outbox {
  readonly jobs: { queue: string; jobName: string; payload: Record<string, unknown> }[] = [];

  override enqueue<Q extends QueueName, N extends JobName<Q>>(
    _em: EntityManager,
    queue: Q,
    jobName: N,
    payload: JobPayload<Q, N>,
  ): void {
    this.jobs.push({ queue, jobName, payload: payload as Record<string, unknown> });
  }

  named(jobName: string) {
    return this.jobs.filter((job) => job.jobName === jobName).map((job) => job.payload);
  }
}

/** Store terms from the catalog: every store sells subscriptions at 999 and tips from 300. */
class CatalogTerms extends SaleTerms {
  constructor(
    private readonly catalog: PurchaseCatalog,
    private readonly purchases: InMemoryPurchaseRepository,
  ) {
    super();
  }

  async storeTerms(buyerId: string, slug: string, idempotencyKey: string): Promise<StoreSaleTerms | null> {
    const store = this.catalog.stores.find((s) => s.slug === slug.toLowerCase() && s.active);
    if (!store) return null;
    const live = this.catalog.liveSubscriptions.has(`${buyerId}:${store.id}`);
    const keyUsed = (await this.purchases.findByIdempotencyKey(buyerId, idempotencyKey)) !== null;
    const terms = {
      storeId: store.id,
      ownerId: store.ownerId,
      currency: 'USD',
      tipsEnabled: true,
      minimumTipMinor: 300,
      subscriptionEnabled: true,
    };
    return { ...terms, subscriptionPriceMinor: 999, subscribed: live, keyUsed };
  }

  async itemStore(buyerId: string, creatorId: string) {
    const store = this.catalog.stores.find((s) => s.ownerId === creatorId && s.active);
    return store
      ? { visibility: store.visibility, subscribed: this.catalog.liveSubscriptions.has(`${buyerId}:${store.id}`) }
      : null;
  }
}

/** A dependency the specs never reach: using it fails at once, naming it. */
const unreachable = <T extends object>(name: string): T =>
  new Proxy({} as T, {
    get: (_target, property) => {
      throw new Error(`${name}.${String(property)} is not wired in the purchase kit`);
    },
  });

export function purchaseKit() {
  const catalog = emptyCatalog();
  const creatorId = randomUUID();
  const store = {
    id: randomUUID(),
    ownerId: creatorId,
    slug: 'kit-shop',
    displayName: 'Kit Shop',
    referralsEnabled: true,
    active: true,
  };
  catalog.stores.push({ ...store, visibility: 'public' });
  const album = {
    id: randomUUID(),
    creatorId,
    kind: 'album' as const,
    title: 'Beach album',
    priceMinor: 1499,
    currency: 'USD',
    sellable: true,
  };
  catalog.items.push(album);
  const clock = new FixedClock(new Date());
  // Only PUBLIC_URL is read (the checkout's return page); the rest is what the configuration requires.
  const required = {
    DATABASE_URL: 'postgres://unused/none',
    SMTP_URL: 'smtp://unused',
    JWT_SECRET: 'a-secret-for-specs-only-long-enough-0123456789',
  };
  const config = loadConfig({ PUBLIC_URL: 'https://fanmint.test', ...required });
  const purchases = new InMemoryPurchaseRepository(catalog);
  const provider = new MemoryProvider();
  const outbox = new RecordingOutbox();
  // Posts answer PostOfferQuery as the spec sets `postOffers` (keyed by post id, asked in turn); tips ask
  // messaging whether a block stands between fan and creator: none here.
  const postOffers = new Map<string, (buyerId: string) => PostOfferAnswer>();
  const queries = {
    execute: async (query: unknown) => {
      if (!(query instanceof PostOfferQuery)) return false;
      return postOffers.get(query.postId)?.(query.buyerId) ?? { refused: 'not_found' };
    },
  } as unknown as QueryBus;
  // Subscription purchases are not in this kit's specs (the subscription specs have their own); content sales never reach it.
  const facts = new PaymentFacts(purchases, outbox, new SubscriptionEffects(new InMemorySubscriptionRepository()));
  const expiry = new ExpireCheckouts(clock, config, provider, purchases, facts);
  const replays = new Replays(purchases);
  const messageSales = new MessageSales(queries, expiry);
  const postSales = new PostSales(queries, expiry);
  const pricing = new SalePricing(
    new CatalogTerms(catalog, purchases),
    unreachable<SellableItems>('SellableItems'),
    replays,
    messageSales,
    postSales,
    queries,
    clock,
  );
  const checkouts = new CheckoutOpener(provider, purchases, config);
  const handler = new PurchaseHandler(
    clock,
    provider,
    purchases,
    pricing,
    replays,
    new Takeovers(purchases, clock, expiry),
    messageSales,
    postSales,
    checkouts,
  );
  return { catalog, store, album, clock, purchases, provider, outbox, facts, expiry, handler, postOffers };
}
