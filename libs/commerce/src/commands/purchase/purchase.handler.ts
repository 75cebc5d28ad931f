import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Clock } from '#app/platform';
import { PurchasableContentQuery } from '#app/content-moderation';
import { checkCard } from '../../domain/card.js';
import { CommerceErrors, PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { PURCHASE_SELECT, toPurchaseView, type PurchaseRow, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseCommand, type PurchaseRequest } from './purchase.command.js';
import { priceStoreSale } from './sale-plan.js';

/** What is being sold, priced by the server. */
interface Sale {
  store: { column: 'owner_id' | 'id'; value: string };
  amountMinor: number;
  currency: string;
  content: { id: string; title: string; kind: 'video' | 'album' } | null;
}

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

/** The insert found nothing to do: the key was used before, or the store closed meanwhile. */
class NothingInserted extends Error {}

/**
 * The purchase hot path: the item (one read), then one transaction holding the provider's payment
 * and the purchase, whose insert also checks the store and the referral link and answers a replayed
 * Idempotency-Key. Confirmation comes later, by webhook.
 */
@CommandHandler(PurchaseCommand)
export class PurchaseHandler implements ICommandHandler<PurchaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ buyerId, idempotencyKey, request }: PurchaseCommand): Promise<{ purchase: PurchaseView; created: boolean }> {
    const now = this.clock.now();
    this.checkRequest(request, now);
    const em = this.orm.em.fork();
    const sale = request.kind === 'content' ? await this.contentSale(em, request, buyerId, idempotencyKey) : await this.storeSale(em, request, buyerId, idempotencyKey);
    if ('replay' in sale) return { purchase: sale.replay, created: false };

    const id = randomUUID();
    try {
      const purchase = await em.transactional(async (tx) => {
        const payment = await this.provider.createPayment(tx, { reference: id, amountMinor: sale.amountMinor, currency: sale.currency, method: request.method, card: request.card });
        const [row] = await tx.execute<{ slug: string; display_name: string }[]>(
          `with s as (select id, owner_id, slug, display_name, referrals_enabled from stores where ${sale.store.column} = ? and status = 'active'),
           ins as (
             insert into purchases (id, buyer_id, store_id, creator_id, kind, content_id, content_title, content_kind, amount_minor, currency, method, status, message,
                                    referral_link_id, referrer_id, idempotency_key, provider, provider_payment_id, payment_method_ref, crypto, created_at)
             select ?, ?, s.id, s.owner_id, ?, ?::uuid, ?, ?, ?, ?, ?, 'pending', ?, r.id, r.owner_id, ?, ?, ?, ?, ?::jsonb, ?
               from s left join referral_links r
                 on r.code = ? and r.content_id = ?::uuid and s.referrals_enabled and ?::text = 'album' and r.owner_id <> ?::uuid and r.owner_id <> s.owner_id
             on conflict (buyer_id, idempotency_key) do nothing
             returning id
           )
           select s.slug, s.display_name from ins, s`,
          [
            sale.store.value,
            id,
            buyerId,
            request.kind,
            sale.content?.id ?? null,
            sale.content?.title ?? null,
            sale.content?.kind ?? null,
            sale.amountMinor,
            sale.currency,
            request.method,
            request.kind === 'tip' ? (request.message ?? null) : null,
            idempotencyKey,
            this.provider.name,
            payment.providerPaymentId,
            request.kind === 'subscription' ? payment.savedMethodRef : null,
            payment.crypto ? JSON.stringify(payment.crypto) : null,
            now,
            request.referralCode ?? null,
            sale.content?.id ?? null,
            sale.content?.kind ?? null,
            buyerId,
          ],
        );
        if (!row) throw new NothingInserted();
        return toPurchaseView({
          id,
          buyer_id: buyerId,
          kind: request.kind,
          status: 'pending',
          amount_minor: sale.amountMinor,
          currency: sale.currency,
          method: request.method,
          store_slug: row.slug,
          store_name: row.display_name,
          content_id: sale.content?.id ?? null,
          content_title: sale.content?.title ?? null,
          content_kind: sale.content?.kind ?? null,
          subscription_id: null,
          failure_reason: null,
          crypto: payment.crypto,
          created_at: now,
          paid_at: null,
        });
      });
      return { purchase, created: true };
    } catch (error) {
      if (/purchases_owned_content/.test(String(error))) throw PurchaseErrors.alreadyOwned();
      if (/purchases_pending_subscription/.test(String(error))) throw PurchaseErrors.alreadySubscribed();
      if (!(error instanceof NothingInserted)) throw error;
      const replay = await this.replay(em, buyerId, idempotencyKey);
      if (replay) return { purchase: replay, created: false };
      throw request.kind === 'content' ? PurchaseErrors.contentNotFound() : CommerceErrors.storeNotFound();
    }
  }

  private checkRequest(request: PurchaseRequest, now: Date): void {
    const missing = (field: string, message: string) => PurchaseErrors.invalid([{ field, message }]);
    if (request.kind === 'content' && !request.contentId) throw missing('contentId', 'contentId is required to buy an item');
    if (request.kind !== 'content' && !request.storeSlug) throw missing('storeSlug', `storeSlug is required for a ${request.kind}`);
    if (request.kind === 'tip' && request.amountMinor === undefined) throw missing('amountMinor', 'amountMinor is required for a tip');
    if (request.method === 'card') {
      if (!request.card) throw missing('card', 'Enter your card details');
      const problems = checkCard(request.card, now);
      if (problems.length > 0) throw PurchaseErrors.invalid(problems);
    }
  }

  private async contentSale(em: EntityManager, request: PurchaseRequest, buyerId: string, key: string): Promise<Sale | { replay: PurchaseView }> {
    const content = await this.queries.execute(new PurchasableContentQuery(request.contentId!));
    if (!content) {
      const replay = await this.replay(em, buyerId, key);
      if (replay) return { replay };
      throw PurchaseErrors.contentNotFound();
    }
    if (content.creatorId === buyerId) throw PurchaseErrors.ownStore();
    if (content.priceMinor <= 0) throw PurchaseErrors.notForSale();
    return {
      store: { column: 'owner_id', value: content.creatorId },
      amountMinor: content.priceMinor,
      currency: content.currency,
      content: { id: content.id, title: content.title, kind: content.kind },
    };
  }

  private async storeSale(em: EntityManager, request: PurchaseRequest, buyerId: string, key: string): Promise<Sale | { replay: PurchaseView }> {
    const [store] = await em.execute<StoreRow[]>(
      `select s.id, s.owner_id, s.currency, s.tips_enabled, s.minimum_tip_minor, s.subscription_enabled, s.subscription_price_minor,
              (select id from purchases where buyer_id = ? and idempotency_key = ?) as existing_id,
              exists (select 1 from subscriptions where subscriber_id = ? and store_id = s.id
                        and status in ('active', 'cancelled', 'past_due') and current_period_end > ?) as subscribed
         from stores s where s.slug = ? and s.status = 'active'`,
      [buyerId, key, buyerId, this.clock.now(), request.storeSlug!.toLowerCase()],
    );
    if (!store || store.existing_id) {
      const replay = await this.replay(em, buyerId, key);
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
    return { store: { column: 'id', value: store.id }, ...price, content: null };
  }

  private async replay(em: EntityManager, buyerId: string, key: string): Promise<PurchaseView | null> {
    const [row] = await em.execute<PurchaseRow[]>(`${PURCHASE_SELECT} where p.buyer_id = ? and p.idempotency_key = ?`, [buyerId, key]);
    return row ? toPurchaseView(row) : null;
  }
}
