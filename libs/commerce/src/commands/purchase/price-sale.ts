import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { CommerceErrors, PurchaseErrors } from '../../commerce.errors.js';
import { ConversationBlockQuery, TipConversationQuery } from '../../ports/message-offers.js';
import { mayOpenBoughtItems } from '../../queries/purchased-content/entitlements.read-model.js';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';
import { SaleTerms } from '../../queries/purchases/sale-terms.read-model.js';
import { SellableItems } from '../../queries/sellable-items/sellable-items.read-model.js';
import type { SaleItem } from '../../repositories/purchase.repository.js';
import { MessageSales } from './message-sale.js';
import { PostSales } from './post-sale.js';
import type { PurchaseRequest } from './purchase.command.js';
import { Replays, type ReplayOf } from './replay.js';
import { priceStoreSale } from './sale-plan.js';

/** What a request sells, priced; or the purchase its replayed key placed before. */
export type Priced = SaleItem | { replay: PurchaseView };

/** The request has what its kind needs (a validation_failed otherwise). */
export function checkRequest(request: PurchaseRequest): void {
  const missing = (field: string, message: string) => PurchaseErrors.invalid([{ field, message }]);
  const message = request.kind === 'message' || request.kind === 'message_fee';
  const post = request.kind === 'post';
  if (request.kind === 'content' && !request.contentId)
    throw missing('contentId', 'contentId is required to buy an item');
  if (message && !request.messageId) throw missing('messageId', 'messageId is required to unlock a message');
  if (post && !request.postId) throw missing('postId', 'postId is required to unlock a post');
  if (request.conversationId && request.kind !== 'tip')
    throw missing('conversationId', 'conversationId goes with a tip only');
  if (request.messageId && !message) throw missing('messageId', 'messageId goes with kind message only');
  if (request.postId && !post) throw missing('postId', 'postId goes with kind post only');
  if (request.kind !== 'content' && !message && !post && !request.storeSlug)
    throw missing('storeSlug', `storeSlug is required for a ${request.kind}`);
  if (request.kind === 'tip' && request.amountMinor === undefined)
    throw missing('amountMinor', 'amountMinor is required for a tip');
}

/**
 * The checkout's pricing step. A subscription or tip is priced here from the store's settings (never from
 * the request); a message at the price messaging answers, a post at the price posts answers; an item by
 * the purchase's write itself, from commerce's sellable items (so a price changed meanwhile cannot be
 * bought at the old one).
 */
@Injectable()
export class SalePricing {
  constructor(
    @Inject(SaleTerms) private readonly terms: SaleTerms,
    @Inject(SellableItems) private readonly items: SellableItems,
    @Inject(Replays) private readonly replays: Replays,
    @Inject(MessageSales) private readonly messageSales: MessageSales,
    @Inject(PostSales) private readonly postSales: PostSales,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async price(request: PurchaseRequest, buyerId: string, replayOf: ReplayOf): Promise<Priced> {
    if (request.kind === 'content') return { kind: 'content', contentId: request.contentId!, at: this.clock.now() };
    if (request.kind === 'message' || request.kind === 'message_fee') return this.message(request, buyerId, replayOf);
    if (request.kind === 'post') return this.post(request, buyerId, replayOf);
    return this.store(request, buyerId, replayOf);
  }

  /** Why a sale wrote nothing that was no replay either. */
  async refusal(item: SaleItem, buyerId: string): Promise<Error> {
    if (item.kind === 'store') return CommerceErrors.storeNotFound();
    if (item.kind === 'message') return PurchaseErrors.messageNotFound();
    // The creator's store is closed (or the buyer is its creator, which posts answers first).
    if (item.kind === 'post') return PurchaseErrors.postNotFound();
    const content = await this.items.find(item.contentId);
    if (!content) return PurchaseErrors.contentNotFound();
    if (content.creatorId === buyerId) return PurchaseErrors.ownStore();
    if (content.priceMinor <= 0) return PurchaseErrors.notForSale();
    const store = await this.terms.itemStore(buyerId, content.creatorId, this.clock.now());
    if (store && !mayOpenBoughtItems(store.visibility, store.subscribed)) return PurchaseErrors.subscribersOnly();
    // Its store is closed, or its price changed between the quote and the purchase.
    return PurchaseErrors.contentNotFound();
  }

  /**
   * A message, as messaging answers it through commerce's port: its recipient unlocks a priced one that is
   * not withdrawn; its sender pays the price per message of a held one. A replayed key answers its purchase
   * first (the message may be unlocked by it since). The offer is asked again once the purchase is written (MessageSales).
   */
  private async message(request: PurchaseRequest, buyerId: string, replayOf: ReplayOf): Promise<Priced> {
    const replay = await this.replays.find(buyerId, replayOf);
    if (replay) return { replay };
    return {
      kind: 'message',
      offer: await this.messageSales.offer(buyerId, request.messageId!, request.kind as 'message' | 'message_fee'),
    };
  }

  /**
   * A post, as posts answers it through commerce's port: a published pay-to-unlock post the buyer may see and
   * has not unlocked. A replayed key answers its purchase first (the post is unlocked by it since). The offer
   * is asked again once the purchase is written (PostSales).
   */
  private async post(request: PurchaseRequest, buyerId: string, replayOf: ReplayOf): Promise<Priced> {
    const replay = await this.replays.find(buyerId, replayOf);
    if (replay) return { replay };
    return { kind: 'post', offer: await this.postSales.offer(buyerId, request.postId!) };
  }

  private async store(request: PurchaseRequest, buyerId: string, replayOf: ReplayOf): Promise<Priced> {
    const terms = await this.terms.storeTerms(buyerId, request.storeSlug!, replayOf.key, this.clock.now());
    if (!terms || terms.keyUsed) {
      const replay = await this.replays.find(buyerId, replayOf);
      if (replay) return { replay };
      throw CommerceErrors.storeNotFound();
    }
    const price = priceStoreSale(terms, request, buyerId);
    // A tip carries a note to the creator: none while a block stands between them (messaging answers).
    if (request.kind === 'tip' && (await this.queries.execute(new ConversationBlockQuery(buyerId, terms.ownerId))))
      throw PurchaseErrors.conversationBlocked();
    // A tip shown in a conversation: the buyer's own, with this store's creator (messaging answers).
    if (
      request.conversationId &&
      !(await this.queries.execute(new TipConversationQuery(buyerId, terms.ownerId, request.conversationId)))
    ) {
      throw PurchaseErrors.conversationNotFound();
    }
    return { kind: 'store', storeId: terms.storeId, ...price, conversationId: request.conversationId ?? null };
  }
}
