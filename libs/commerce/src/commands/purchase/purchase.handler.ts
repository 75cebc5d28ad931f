import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { CommerceErrors, PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { PurchaseRepository, type PurchaseRecord } from '../../repositories/purchase.repository.js';
import { newPurchaseId } from '../../repositories/purchase-id.js';
import { CheckoutOpener, needsCheckout } from './open-checkout.js';
import { heldBy, heldError, OpenAttempts, type Held } from './open-attempt.js';
import { purchaseSelect, toPurchaseView, type PurchaseRow, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseCommand, type PurchaseRequest } from './purchase.command.js';
import { priceStoreSale } from './sale-plan.js';
import { requestFingerprint } from './request-fingerprint.js';
import { liveSubscriptionSql, mayOpenBoughtItems } from '../../queries/purchased-content/entitlements.js';
import type { StoreVisibility } from '../../domain/store-settings.js';
import { SELLABLE_ITEM_SQL, SellableItems } from '../../queries/sellable-items/sellable-items.js';
import { ConversationBlockQuery, TipConversationQuery, type MessageOffer } from '../../ports/message-offers.js';
import { MessageSales } from './message-sale.js';

/**
 * What is being sold: a store sale (subscription, tip) priced here from the store's settings, or an
 * item the purchase statement prices itself from commerce's sellable items.
 */
type Sale =
  | { kind: 'store'; storeId: string; amountMinor: number; currency: string; conversationId: string | null }
  | { kind: 'content'; contentId: string }
  | { kind: 'message'; offer: MessageOffer };

/** The columns of `s` a sale of no message leaves empty. */
const NO_MESSAGE = `null::uuid as message_id, null::timestamptz as message_created_at`;

interface StoreRow {
  id: string;
  owner_id: string;
  currency: string;
  tips_enabled: boolean;
  minimum_tip_minor: string;
  subscription_enabled: boolean;
  subscription_price_minor: string;
  existing_id: string | null;
  subscribed: boolean;
}

/** The purchase this request placed (`written`: as this request wrote it), or the one it answers again. */
interface Placed {
  purchase: PurchaseView;
  created: boolean;
  written?: PurchaseRecord;
}

/** An Idempotency-Key and the fingerprint of the request that came with it. */
interface ReplayOf {
  key: string;
  fingerprint: string;
}

/**
 * The checkout. One statement reads the item (sellable in commerce's own sellable_items, priced,
 * not the buyer's own), checks the store and the referral link and writes the purchase pending, or
 * nothing for a replayed Idempotency-Key; then the provider opens its checkout (a hosted page, or a
 * crypto invoice) for it. A replay whose checkout never opened (the provider was down) asks again,
 * with the same purchase id, so it gets the same checkout. Only a purchase that wrote nothing reads
 * more, to say why; one that collides with the buyer's own open attempt at the same item goes back
 * to it (open-attempt.ts).
 */
@CommandHandler(PurchaseCommand)
export class PurchaseHandler implements ICommandHandler<PurchaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(SellableItems) private readonly items: SellableItems,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(CheckoutOpener) private readonly checkouts: CheckoutOpener,
    @Inject(OpenAttempts) private readonly attempts: OpenAttempts,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MessageSales) private readonly messageSales: MessageSales,
  ) {}

  async execute({ buyerId, idempotencyKey, request }: PurchaseCommand): Promise<{ purchase: PurchaseView; created: boolean }> {
    this.checkRequest(request);
    const replayOf = { key: idempotencyKey, fingerprint: requestFingerprint(request) };
    const placed = await this.place(buyerId, request, replayOf);
    const purchase = needsCheckout(placed.purchase) ? await this.checkouts.open(buyerId, placed.purchase, placed.written ?? null) : placed.purchase;
    return { purchase, created: placed.created };
  }

  private async place(buyerId: string, request: PurchaseRequest, replayOf: ReplayOf, retried = false): Promise<Placed> {
    const sale = await this.saleOf(request, buyerId, replayOf);
    if ('replay' in sale) return { purchase: sale.replay, created: false };
    const now = this.clock.now();
    const id = newPurchaseId(now);
    const what =
      sale.kind === 'content'
        ? {
            // The item as commerce's read model has it (sellable), in its creator's store.
            ctes: `c as (${SELLABLE_ITEM_SQL}),
             s as (select st.id, st.owner_id, st.slug, st.display_name, st.referrals_enabled, c.id as content_id, c.title as content_title, c.kind as content_kind,
                          c.price_minor as amount_minor, c.currency, ${NO_MESSAGE}, null::uuid as conversation_id
                     from c join stores st on st.owner_id = c.creator_id and st.status = 'active'
                    where c.creator_id <> ?::uuid and c.price_minor > 0
                      and (st.visibility = 'public' or ${liveSubscriptionSql('?::uuid', 'st.id')}))`,
            params: [sale.contentId, buyerId, buyerId, now],
          }
        : sale.kind === 'message'
          ? {
              // The message as messaging answered it (MessageOfferQuery), sold by its creator's active store.
              ctes: `s as (select id, owner_id, slug, display_name, false as referrals_enabled, null::uuid as content_id,
                                  ?::text || display_name as content_title, null::text as content_kind, ?::bigint as amount_minor, ?::text as currency,
                                  ?::uuid as message_id, ?::timestamptz as message_created_at, ?::uuid as conversation_id
                             from stores where owner_id = ?::uuid and status = 'active' and owner_id <> ?::uuid)`,
              params: [
                request.kind === 'message' ? 'Message: ' : 'Paid message to ',
                sale.offer.priceMinor,
                sale.offer.currency,
                sale.offer.messageId,
                sale.offer.messageCreatedAt,
                sale.offer.conversationId,
                sale.offer.sellerId,
                buyerId,
              ],
            }
          : {
              ctes: `s as (select id, owner_id, slug, display_name, referrals_enabled, null::uuid as content_id, null::text as content_title, null::text as content_kind,
                                  ?::bigint as amount_minor, ?::text as currency, ${NO_MESSAGE}, ?::uuid as conversation_id
                             from stores where id = ?::uuid and status = 'active')`,
              params: [sale.amountMinor, sale.currency, sale.conversationId, sale.storeId],
            };
    let row;
    try {
      row = await this.purchases.insertSale({
        what,
        id,
        buyerId,
        kind: request.kind,
        method: request.method,
        message: request.kind === 'tip' ? (request.message ?? null) : null,
        idempotencyKey: replayOf.key,
        requestHash: replayOf.fingerprint,
        provider: this.provider.name,
        returnTo: request.returnTo ?? null,
        referralCode: request.referralCode ?? null,
        createdAt: now,
      });
    } catch (error) {
      const held = heldBy(error);
      if (!held) throw error;
      return this.takeOver(buyerId, request, replayOf, held, retried);
    }
    if (!row) {
      const replay = await this.replay(buyerId, replayOf);
      if (replay) return { purchase: replay, created: false };
      if (sale.kind === 'store') throw CommerceErrors.storeNotFound();
      if (sale.kind === 'message') throw PurchaseErrors.messageNotFound();
      throw await this.whyNotForSale(sale.contentId, buyerId);
    }
    if (sale.kind === 'message') await this.messageSales.confirm(buyerId, sale.offer.messageId, request.kind as 'message' | 'message_fee', id);
    const purchase = toPurchaseView({
      id,
      buyer_id: buyerId,
      kind: request.kind,
      status: 'pending',
      amount_minor: Number(row.amount_minor),
      currency: row.currency,
      method: request.method,
      store_slug: row.slug,
      store_name: row.display_name,
      content_id: row.content_id,
      content_title: row.content_title,
      content_kind: row.content_kind,
      subscription_id: null,
      failure_reason: null,
      crypto: null,
      checkout_url: null,
      return_to: request.returnTo ?? null,
      card_brand: null,
      card_last4: null,
      created_at: now,
      paid_at: null,
    });
    return { purchase, created: true, written: row.purchase };
  }

  /**
   * The item or subscription is held by another purchase of the buyer's: a paid one (or a renewal)
   * answers 409 as before; their own open attempt is answered again for the same request, or ended
   * so this request starts a new one (once: a second collision is a concurrent request's attempt).
   */
  private async takeOver(buyerId: string, request: PurchaseRequest, replayOf: ReplayOf, held: Held, retried: boolean): Promise<Placed> {
    const attempt = await this.attempts.find(buyerId, held, request);
    if (!attempt) throw heldError(held);
    if (this.attempts.answersAgain(attempt, replayOf.fingerprint)) return { purchase: attempt.purchase, created: false };
    if (retried) throw heldError(held);
    await this.attempts.end(attempt);
    return this.place(buyerId, request, replayOf, true);
  }

  private checkRequest(request: PurchaseRequest): void {
    const missing = (field: string, message: string) => PurchaseErrors.invalid([{ field, message }]);
    if (request.kind === 'content' && !request.contentId) throw missing('contentId', 'contentId is required to buy an item');
    if ((request.kind === 'message' || request.kind === 'message_fee') && !request.messageId) throw missing('messageId', 'messageId is required to unlock a message');
    if (request.conversationId && request.kind !== 'tip') throw missing('conversationId', 'conversationId goes with a tip only');
    if (request.messageId && request.kind !== 'message' && request.kind !== 'message_fee') throw missing('messageId', 'messageId goes with kind message only');
    if (request.kind !== 'content' && request.kind !== 'message' && request.kind !== 'message_fee' && !request.storeSlug) {
      throw missing('storeSlug', `storeSlug is required for a ${request.kind}`);
    }
    if (request.kind === 'tip' && request.amountMinor === undefined) throw missing('amountMinor', 'amountMinor is required for a tip');
  }

  private async saleOf(request: PurchaseRequest, buyerId: string, replayOf: ReplayOf): Promise<Sale | { replay: PurchaseView }> {
    if (request.kind === 'content') return { kind: 'content', contentId: request.contentId! };
    if (request.kind === 'message' || request.kind === 'message_fee') return this.messageSale(request, buyerId, replayOf);
    return this.storeSale(request, buyerId, replayOf);
  }

  /**
   * A message, as messaging answers it through commerce's port (MessageOfferQuery): its recipient
   * unlocks a priced one that is not withdrawn; its sender pays the price per message of a held one.
   * A replayed key answers its purchase first (the message may be unlocked by it since).
   *
   * Withdrawn is decided when the purchase is placed, asked before and after it is written (MessageSales):
   * a withdrawn message cannot be bought. A checkout placed before an unsend still completes, and its capture
   * unlocks the message (FollowMessagePurchaseJob in messaging): the buyer paid, and buyers keep what they paid for.
   */
  private async messageSale(request: PurchaseRequest, buyerId: string, key: ReplayOf): Promise<Sale | { replay: PurchaseView }> {
    const replay = await this.replay(buyerId, key);
    if (replay) return { replay };
    return { kind: 'message', offer: await this.messageSales.offer(buyerId, request.messageId!, request.kind as 'message' | 'message_fee') };
  }

  /** Why an item could not be bought (the statement wrote nothing and it was no replay). */
  private async whyNotForSale(contentId: string, buyerId: string): Promise<Error> {
    const content = await this.items.find(contentId);
    if (!content) return PurchaseErrors.contentNotFound();
    if (content.creatorId === buyerId) return PurchaseErrors.ownStore();
    if (content.priceMinor <= 0) return PurchaseErrors.notForSale();
    const [store] = await this.orm.em
      .fork()
      .execute<{ visibility: StoreVisibility; subscribed: boolean }[]>(`select s.visibility, ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed from stores s where s.owner_id = ? and s.status = 'active'`, [
        buyerId,
        this.clock.now(),
        content.creatorId,
      ]);
    if (store && !mayOpenBoughtItems(store.visibility, store.subscribed)) return PurchaseErrors.subscribersOnly();
    // Its store is closed, or its price changed between the quote and the purchase.
    return PurchaseErrors.contentNotFound();
  }

  private async storeSale(request: PurchaseRequest, buyerId: string, key: ReplayOf): Promise<Sale | { replay: PurchaseView }> {
    const [store] = await this.orm.em.fork().execute<StoreRow[]>(
      `select s.id, s.owner_id, s.currency, s.tips_enabled, s.minimum_tip_minor, s.subscription_enabled, s.subscription_price_minor,
              (select purchase_id from purchase_idempotency where buyer_id = ? and idempotency_key = ?) as existing_id,
              ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed
         from stores s where s.slug = ? and s.status = 'active'`,
      [buyerId, key.key, buyerId, this.clock.now(), request.storeSlug!.toLowerCase()],
    );
    if (!store || store.existing_id) {
      const replay = await this.replay(buyerId, key);
      if (replay) return { replay };
      throw CommerceErrors.storeNotFound();
    }
    const price = priceStoreSale(
      {
        ownerId: store.owner_id,
        currency: store.currency,
        tipsEnabled: store.tips_enabled,
        minimumTipMinor: Number(store.minimum_tip_minor),
        subscriptionEnabled: store.subscription_enabled,
        subscriptionPriceMinor: Number(store.subscription_price_minor),
        subscribed: store.subscribed,
      },
      request,
      buyerId,
    );
    // A tip carries a note to the creator: none while a block stands between them (messaging answers).
    if (request.kind === 'tip' && (await this.queries.execute(new ConversationBlockQuery(buyerId, store.owner_id)))) throw PurchaseErrors.conversationBlocked();
    // A tip shown in a conversation: the buyer's own, with this store's creator (messaging answers).
    if (request.conversationId && !(await this.queries.execute(new TipConversationQuery(buyerId, store.owner_id, request.conversationId)))) throw PurchaseErrors.conversationNotFound();
    return { kind: 'store', storeId: store.id, ...price, conversationId: request.conversationId ?? null };
  }

  /** The purchase made with this key before, if the request is the same; the key reused for another request is refused. */
  private async replay(buyerId: string, { key, fingerprint }: ReplayOf): Promise<PurchaseView | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<(PurchaseRow & { request_hash: string | null })[]>(
        `${purchaseSelect('p.request_hash, ')} join purchase_idempotency k on k.purchase_id = p.id and k.purchase_created_at = p.created_at where k.buyer_id = ? and k.idempotency_key = ?`,
        [buyerId, key],
      );
    if (!row) return null;
    // Purchases from before fingerprints (null) replay as they always did.
    if (row.request_hash !== null && row.request_hash !== fingerprint) throw PurchaseErrors.idempotencyKeyReused();
    return toPurchaseView(row);
  }
}
