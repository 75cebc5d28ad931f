import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '#app/platform';
import { expire } from '../../domain/subscription.js';
import { SubscriptionRepository } from '../../repositories/subscription.repository.js';
import { RenewalPayments } from './renewal-payments.js';

const BATCH = 100;

/**
 * The renew-subscriptions job: subscriptions that will not renew end with their period (cancelled,
 * automatic renewal off, store closed, or the subscriber's account deleted); the others are charged
 * on their saved card, once per period (RenewalPayments).
 */
@Injectable()
export class SubscriptionRenewals {
  private readonly logger = new Logger(SubscriptionRenewals.name);

  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @Inject(RenewalPayments) private readonly payments: RenewalPayments,
  ) {}

  async run(): Promise<{ expired: number; charged: number }> {
    const now = this.clock.now();
    const expired = await this.subscriptions.transaction(async (tx) => {
      const ending = await this.subscriptions.lockEndingWithPeriod(tx, now);
      await this.subscriptions.saveAll(
        tx,
        ending.map((subscription) => expire(subscription, 'not_renewing', now)),
      );
      return ending.length;
    });
    let charged = 0;
    let deleted = 0;
    const unreachable = new Set<string>();
    for (;;) {
      const due = await this.subscriptions.dueForRenewal(null, now, [...unreachable], BATCH);
      for (const { subscription, storeName } of due) {
        if (!(await this.payments.accountExists(subscription.subscriberId))) {
          // The account is gone: the subscription ends with its period, nobody is charged.
          if (await this.expireForDeletedAccount(subscription.id, now)) deleted++;
          continue;
        }
        const outcome = await this.payments.charge(subscription, storeName, now);
        if (outcome === 'charged') charged++;
        else if (outcome === 'unavailable') unreachable.add(subscription.id);
      }
      if (due.length < BATCH) break;
    }
    if (expired || deleted || charged || unreachable.size) {
      const left = `${unreachable.size} left for the next run (provider unavailable)`;
      this.logger.log(
        `subscriptions: ${expired + deleted} expired (${deleted} of deleted accounts), ${charged} renewals charged, ${left}`,
      );
    }
    return { expired: expired + deleted, charged };
  }

  /** Checked where it commits: only a subscription still active expires. */
  private expireForDeletedAccount(id: string, now: Date): Promise<boolean> {
    return this.subscriptions.transaction(async (tx) => {
      const current = await this.subscriptions.lock(tx, id);
      if (current?.status !== 'active') return false;
      await this.subscriptions.save(tx, expire(current, 'account_deleted', now));
      return true;
    });
  }
}
