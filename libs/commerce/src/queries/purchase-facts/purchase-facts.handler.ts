import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { PurchaseFactsQuery, type ContentMediaFacts } from '#app/entitlements';
import { viewerHoldings } from './purchase-facts.queries.js';

/** What a fan holds in the item's store, as facts for the entitlement rules (which decide). */
@QueryHandler(PurchaseFactsQuery)
export class PurchaseFactsHandler implements IQueryHandler<PurchaseFactsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ viewerId, creatorId, contentId }: PurchaseFactsQuery): Promise<ContentMediaFacts['purchase']> {
    const row = await viewerHoldings(this.orm, viewerId, creatorId, contentId, this.clock.now());
    if (!row) return null;
    return {
      bought: row.bought,
      subscribed: row.subscribed,
      subscribersOnly: row.visibility !== 'public',
      downloads: row.allow_downloads,
    };
  }
}
