import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MySubscriptionsQuery } from './my-subscriptions.query.js';
import type { SubscriptionView } from './subscription-view.js';
import { SubscriptionViews } from './subscriptions.read-model.js';

@QueryHandler(MySubscriptionsQuery)
export class MySubscriptionsHandler implements IQueryHandler<MySubscriptionsQuery> {
  constructor(@Inject(SubscriptionViews) private readonly views: SubscriptionViews) {}

  execute({ subscriberId }: MySubscriptionsQuery): Promise<SubscriptionView[]> {
    return this.views.ofSubscriber(subscriberId);
  }
}
