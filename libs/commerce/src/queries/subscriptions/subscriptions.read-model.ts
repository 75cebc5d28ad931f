import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { LIVE_STATUSES } from '../../domain/subscription.js';
import { toSubscriptionView, type SubscriptionRow, type SubscriptionView } from './subscription-view.js';

const LIVE_STATUS_LIST = LIVE_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * SQL: the subscription row `alias` is live (the aggregate's `isLive`): active or cancelled, in a
 * paid period. Holds one parameter, the time. Every query that asks "is this subscription live" says it this way.
 */
export const liveSubscriptionCondition = (alias: string): string =>
  `(${alias}.status in (${LIVE_STATUS_LIST}) and ${alias}.current_period_end > ?::timestamptz)`;

/** SQL: the subscriber (an SQL expression) has a live subscription to the store (another). Holds one parameter, the time. */
export const liveSubscriptionSql = (subscriber: string, store: string): string =>
  `exists (select 1 from subscriptions sub where sub.subscriber_id = ${subscriber} and sub.store_id = ${store} and ${liveSubscriptionCondition('sub')})`;

const SUBSCRIPTION_SELECT = `
  select sub.id, s.slug as store_slug, s.display_name as store_name, sub.status, sub.auto_renew, sub.current_period_end,
         sub.price_minor, sub.currency, sub.started_at
    from subscriptions sub join stores s on s.id = sub.store_id`;

/** Subscriptions as fans see them (with their store's address and name). */
@Injectable()
export class SubscriptionViews {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async byId(id: string): Promise<SubscriptionView | null> {
    const [row] = await this.orm.em.fork().execute<SubscriptionRow[]>(`${SUBSCRIPTION_SELECT} where sub.id = ?`, [id]);
    return row ? toSubscriptionView(row) : null;
  }

  /** The fan's subscriptions, newest first. */
  async ofSubscriber(subscriberId: string): Promise<SubscriptionView[]> {
    const sql = `${SUBSCRIPTION_SELECT} where sub.subscriber_id = ? order by sub.started_at desc, sub.id`;
    const rows = await this.orm.em.fork().execute<SubscriptionRow[]>(sql, [subscriberId]);
    return rows.map(toSubscriptionView);
  }

  /** The fan's live subscription to the store at `at`, or null. */
  async liveOf(subscriberId: string, storeId: string, at: Date): Promise<SubscriptionView | null> {
    const [row] = await this.orm.em.fork().execute<SubscriptionRow[]>(
      `${SUBSCRIPTION_SELECT}
        where sub.subscriber_id = ? and sub.store_id = ? and ${liveSubscriptionCondition('sub')}
        order by sub.current_period_end desc limit 1`,
      [subscriberId, storeId, at],
    );
    return row ? toSubscriptionView(row) : null;
  }
}
