import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { PurchaseFactsQuery, type ContentMediaFacts } from '#app/entitlements';
import { liveSubscriptionSql } from '../subscriptions/subscriptions.read-model.js';

interface Row {
  visibility: string;
  allow_downloads: boolean;
  bought: boolean;
  subscribed: boolean;
}

/** What a fan holds in the item's store, as facts for the entitlement rules (which decide). */
@QueryHandler(PurchaseFactsQuery)
export class PurchaseFactsHandler implements IQueryHandler<PurchaseFactsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ viewerId, creatorId, contentId }: PurchaseFactsQuery): Promise<ContentMediaFacts['purchase']> {
    const [row] = await this.orm.em.getConnection().execute<Row[]>(
      `select s.visibility, s.allow_downloads,
              exists (select 1 from purchases p
                       where p.buyer_id = ? and p.store_id = s.id and p.kind = 'content' and p.status = 'paid' and p.content_id = ?) as bought,
              ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed
         from stores s where s.owner_id = ?`,
      [viewerId, contentId, viewerId, this.clock.now(), creatorId],
    );
    if (!row) return null;
    return { bought: row.bought, subscribed: row.subscribed, subscribersOnly: row.visibility !== 'public', downloads: row.allow_downloads };
  }
}
