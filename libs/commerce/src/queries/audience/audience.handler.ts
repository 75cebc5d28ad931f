import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { liveSubscriptionCondition } from '../subscriptions/subscriptions.read-model.js';
import { AudienceCountQuery, AudiencePageQuery, type AudienceSelector } from './audience.query.js';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The segment as SQL yielding `fan_id` for the store of `creatorId`, each fan once. Parameters, in
 * order: creator id, now (subscriptions), then content id ('buyers'). Each reads an index in fan-id
 * order (audience-indexes migration), so a keyset page costs its own rows only.
 */
function segmentSql(selector: AudienceSelector, now: Date): { sql: string; params: unknown[] } {
  const store = `(select id from stores where owner_id = ?)`;
  switch (selector.segment) {
    case 'subscribers_active':
      return {
        sql: `select sub.subscriber_id as fan_id from subscriptions sub where sub.store_id = ${store} and ${liveSubscriptionCondition('sub')}`,
        params: [selector.creatorId, now],
      };
    case 'subscribers_expired':
      return {
        sql: `select sub.subscriber_id as fan_id from subscriptions sub where sub.store_id = ${store} and not ${liveSubscriptionCondition('sub')}`,
        params: [selector.creatorId, now],
      };
    case 'favourites':
      return { sql: `select f.user_id as fan_id from favorites f where f.store_id = ${store}`, params: [selector.creatorId] };
    case 'buyers':
      return {
        sql: `select distinct p.buyer_id as fan_id from purchases p where p.store_id = ${store} and p.content_id = ?::uuid and p.kind = 'content' and p.status = 'paid'`,
        params: [selector.creatorId, selector.contentId ?? ZERO_UUID],
      };
  }
}

@QueryHandler(AudiencePageQuery)
export class AudiencePageHandler implements IQueryHandler<AudiencePageQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ selector, afterFanId, limit }: AudiencePageQuery): Promise<string[]> {
    const segment = segmentSql(selector, this.clock.now());
    const rows = await this.orm.em.getConnection().execute<{ fan_id: string }[]>(
      `select fan_id from (${segment.sql}) audience where fan_id > ?::uuid and fan_id <> ?::uuid order by fan_id limit ?`,
      [...segment.params, afterFanId ?? ZERO_UUID, selector.creatorId, limit],
    );
    return rows.map((row) => row.fan_id);
  }
}

@QueryHandler(AudienceCountQuery)
export class AudienceCountHandler implements IQueryHandler<AudienceCountQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ selector }: AudienceCountQuery): Promise<number> {
    const segment = segmentSql(selector, this.clock.now());
    const [row] = await this.orm.em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from (${segment.sql}) audience where fan_id <> ?::uuid`, [
      ...segment.params,
      selector.creatorId,
    ]);
    return row.n;
  }
}
