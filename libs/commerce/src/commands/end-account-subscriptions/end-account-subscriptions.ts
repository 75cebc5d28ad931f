import { Inject, Injectable } from '@nestjs/common';
import { endForClosedAccount } from '../../domain/subscription.js';
import { SubscriptionRepository, type SubscriptionTx } from '../../repositories/subscription.repository.js';

/**
 * A deleted account renews nothing more: the subscriptions it holds as a fan, and fans'
 * subscriptions to its store, end now (SPEC: subscriptions renew "until ... the account is deleted").
 */
@Injectable()
export class EndAccountSubscriptions {
  constructor(@Inject(SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /** In the caller's transaction; answers how many ended. */
  async end(tx: SubscriptionTx, userId: string, at: Date): Promise<number> {
    const renewing = await this.subscriptions.lockRenewingOf(tx, userId);
    await this.subscriptions.saveAll(
      tx,
      renewing.map((subscription) => endForClosedAccount(subscription, at)),
    );
    return renewing.length;
  }
}
