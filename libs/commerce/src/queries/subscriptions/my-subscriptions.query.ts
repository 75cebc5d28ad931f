import { Query } from '@nestjs/cqrs';
import type { SubscriptionView } from './subscription-view.js';

/** The fan's subscriptions, newest first. */
export class MySubscriptionsQuery extends Query<SubscriptionView[]> {
  constructor(readonly subscriberId: string) {
    super();
  }
}
