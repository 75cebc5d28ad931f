import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { cancelAtPeriodEnd, setAutoRenew, type Subscription } from '../../domain/subscription.js';
import { SubscriptionErrors } from '../../domain/subscription.errors.js';
import { SubscriptionRepository } from '../../repositories/subscription.repository.js';
import type { SubscriptionView } from '../../queries/subscriptions/subscription-view.js';
import { SubscriptionViews } from '../../queries/subscriptions/subscriptions.read-model.js';
import { ManageSubscriptionCommand, type SubscriptionChange } from './manage-subscription.command.js';

/** Cancelling what is no longer active (ended, or past due) changes nothing; the answer is the subscription as it is. */
function change(subscription: Subscription, wanted: SubscriptionChange, at: Date): Subscription {
  if (wanted !== 'cancel') return setAutoRenew(subscription, wanted.autoRenew, at);
  return subscription.status === 'active' ? cancelAtPeriodEnd(subscription, at) : subscription;
}

@CommandHandler(ManageSubscriptionCommand)
export class ManageSubscriptionHandler implements ICommandHandler<ManageSubscriptionCommand> {
  constructor(
    @Inject(SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @Inject(SubscriptionViews) private readonly views: Pick<SubscriptionViews, 'byId'>,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({
    subscriberId,
    subscriptionId,
    change: wanted,
  }: ManageSubscriptionCommand): Promise<SubscriptionView> {
    const now = this.clock.now();
    await this.subscriptions.transaction(async (tx) => {
      // Another fan's subscription answers exactly like a missing one.
      const current = await this.subscriptions.lockOwned(tx, subscriptionId, subscriberId);
      if (!current) throw SubscriptionErrors.notFound();
      const next = change(current, wanted, now);
      if (next !== current) await this.subscriptions.save(tx, next);
    });
    const view = await this.views.byId(subscriptionId);
    if (!view) throw SubscriptionErrors.notFound();
    return view;
  }
}
