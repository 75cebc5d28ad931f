import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { MySubscriptionsQuery } from './my-subscriptions.query.js';
import { SUBSCRIPTION_SELECT, toSubscriptionView, type SubscriptionRow, type SubscriptionView } from './subscription-view.js';

@QueryHandler(MySubscriptionsQuery)
export class MySubscriptionsHandler implements IQueryHandler<MySubscriptionsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ subscriberId }: MySubscriptionsQuery): Promise<SubscriptionView[]> {
    const rows = await this.orm.em.fork().execute<SubscriptionRow[]>(`${SUBSCRIPTION_SELECT} where sub.subscriber_id = ? order by sub.started_at desc, sub.id`, [subscriberId]);
    return rows.map(toSubscriptionView);
  }
}
