import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { StoreVisibility } from '../../domain/store-settings.js';
import { liveSubscriptionSql } from '../purchased-content/entitlements.read-model.js';
import type { StoreTerms } from '../../commands/purchase/sale-plan.js';

/** A store as a subscription or tip is priced from it, and whether the buyer's Idempotency-Key already placed a purchase. */
export interface StoreSaleTerms extends StoreTerms {
  storeId: string;
  keyUsed: boolean;
}

/** What a purchase reads about a store before it is placed (the checkout's pricing step). */
export abstract class SaleTerms {
  /** The active store of this slug, priced for the buyer at `now`; null without one. */
  abstract storeTerms(buyerId: string, slug: string, idempotencyKey: string, now: Date): Promise<StoreSaleTerms | null>;
  /** The creator's active store as an item's buyer may open it at `now` (its visibility, and their live subscription to it). */
  abstract itemStore(
    buyerId: string,
    creatorId: string,
    now: Date,
  ): Promise<{ visibility: StoreVisibility; subscribed: boolean } | null>;
}

/** SaleTerms read from stores and subscriptions. */
@Injectable()
export class SaleTermsReadModel extends SaleTerms {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  async storeTerms(buyerId: string, slug: string, idempotencyKey: string, now: Date): Promise<StoreSaleTerms | null> {
    const [row] = await this.orm.em.fork().execute<
      {
        id: string;
        owner_id: string;
        currency: string;
        tips_enabled: boolean;
        minimum_tip_minor: string;
        subscription_enabled: boolean;
        subscription_price_minor: string;
        key_used: boolean;
        subscribed: boolean;
      }[]
    >(
      `select s.id, s.owner_id, s.currency, s.tips_enabled, s.minimum_tip_minor, s.subscription_enabled, s.subscription_price_minor,
              exists (select 1 from purchase_idempotency where buyer_id = ? and idempotency_key = ?) as key_used,
              exists (select 1 from subscriptions where subscriber_id = ? and store_id = s.id
                        and status in ('active', 'cancelled', 'past_due') and current_period_end > ?) as subscribed
         from stores s where s.slug = ? and s.status = 'active'`,
      [buyerId, idempotencyKey, buyerId, now, slug.toLowerCase()],
    );
    if (!row) return null;
    return {
      storeId: row.id,
      ownerId: row.owner_id,
      currency: row.currency,
      tipsEnabled: row.tips_enabled,
      minimumTipMinor: Number(row.minimum_tip_minor),
      subscriptionEnabled: row.subscription_enabled,
      subscriptionPriceMinor: Number(row.subscription_price_minor),
      subscribed: row.subscribed,
      keyUsed: row.key_used,
    };
  }

  async itemStore(
    buyerId: string,
    creatorId: string,
    now: Date,
  ): Promise<{ visibility: StoreVisibility; subscribed: boolean } | null> {
    const [store] = await this.orm.em
      .fork()
      .execute<{ visibility: StoreVisibility; subscribed: boolean }[]>(
        `select s.visibility, ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed from stores s where s.owner_id = ? and s.status = 'active'`,
        [buyerId, now, creatorId],
      );
    return store ?? null;
  }
}

export const saleTermsProvider = { provide: SaleTerms, useClass: SaleTermsReadModel };
