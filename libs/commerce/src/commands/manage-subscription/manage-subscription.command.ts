import { Command } from '@nestjs/cqrs';
import type { SubscriptionView } from '../../queries/subscriptions/subscription-view.js';

/** Turn automatic renewal on or off, or cancel (access stays until the period ends; no more renewals). */
export type SubscriptionChange = { autoRenew: boolean } | 'cancel';

export class ManageSubscriptionCommand extends Command<SubscriptionView> {
  constructor(
    readonly subscriberId: string,
    readonly subscriptionId: string,
    readonly change: SubscriptionChange,
  ) {
    super();
  }
}
