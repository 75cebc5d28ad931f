import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { SUBSCRIPTION_SELECT, toSubscriptionView, type SubscriptionRow, type SubscriptionView } from '../../queries/subscriptions/subscription-view.js';
import { ManageSubscriptionCommand } from './manage-subscription.command.js';

@CommandHandler(ManageSubscriptionCommand)
export class ManageSubscriptionHandler implements ICommandHandler<ManageSubscriptionCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ subscriberId, subscriptionId, change }: ManageSubscriptionCommand): Promise<SubscriptionView> {
    const em = this.orm.em.fork();
    const now = this.clock.now();
    // Another fan's subscription answers exactly like a missing one.
    const [current] = await em.execute<{ status: string }[]>(`select status from subscriptions where id = ? and subscriber_id = ?`, [subscriptionId, subscriberId]);
    if (!current) throw PurchaseErrors.subscriptionNotFound();
    if (change === 'cancel') {
      await em.execute(`update subscriptions set status = 'cancelled', auto_renew = false, cancelled_at = ?, updated_at = ? where id = ? and status = 'active'`, [now, now, subscriptionId]);
    } else {
      if (current.status !== 'active') throw PurchaseErrors.subscriptionEnded();
      await em.execute(`update subscriptions set auto_renew = ?, updated_at = ? where id = ?`, [change.autoRenew, now, subscriptionId]);
    }
    const [row] = await em.execute<SubscriptionRow[]>(`${SUBSCRIPTION_SELECT} where sub.id = ?`, [subscriptionId]);
    return toSubscriptionView(row);
  }
}
