import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { liveSubscriptionSql } from '../subscriptions/subscriptions.read-model.js';
import { FanRelationshipQuery, type FanRelationshipView } from './fan-relationship.query.js';

const NONE: FanRelationshipView = { subscribed: false, everSubscribed: false, bought: false, favourite: false };

@QueryHandler(FanRelationshipQuery)
export class FanRelationshipHandler implements IQueryHandler<FanRelationshipQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ creatorId, fanId }: FanRelationshipQuery): Promise<FanRelationshipView> {
    const [row] = await this.orm.em.getConnection().execute<FanRelationshipView[]>(
      `select ${liveSubscriptionSql('?::uuid', 's.id')} as subscribed,
              exists (select 1 from subscriptions sub where sub.subscriber_id = ? and sub.store_id = s.id) as "everSubscribed",
              exists (select 1 from purchases p where p.buyer_id = ? and p.store_id = s.id and p.status = 'paid') as bought,
              exists (select 1 from favorites f where f.user_id = ? and f.store_id = s.id) as favourite
         from stores s where s.owner_id = ?`,
      [fanId, this.clock.now(), fanId, fanId, fanId, creatorId],
    );
    return row ?? NONE;
  }
}
