import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, claimMessage, type JobData, type JobProcessor } from '#app/platform';

const CONSUMER = 'commerce.account-deleted';

export interface EndedForAccount {
  subscriptions: number;
  storesClosed: number;
}

/**
 * A deleted account renews nothing more: its own subscriptions end now (SPEC: subscriptions
 * renew "until ... the account is deleted"), so do fans' subscriptions to its store, and the
 * store closes. Purchases and their ledger entries stay as they are.
 */
@Injectable()
@JobHandler('payments', 'account-deleted')
export class EndAccountSubscriptionsJob implements JobProcessor<'payments', 'account-deleted'> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  handle(data: JobData<'payments', 'account-deleted'>): Promise<EndedForAccount | 'skipped'> {
    return this.orm.em.fork().transactional(async (em) => {
      if (data.messageId && !(await claimMessage(em, CONSUMER, data.messageId))) return 'skipped';
      const now = new Date(data.occurredAt);
      const ended = await em.execute<{ id: string }[]>(
        `update subscriptions set status = 'cancelled', auto_renew = false, cancelled_at = ?, updated_at = ?
          where (subscriber_id = ? or creator_id = ?) and status in ('active', 'past_due')
          returning id`,
        [now, now, data.userId, data.userId],
      );
      const closed = await em.execute<{ id: string }[]>(`update stores set status = 'suspended', updated_at = ? where owner_id = ? and status = 'active' returning id`, [now, data.userId]);
      return { subscriptions: ended.length, storesClosed: closed.length };
    });
  }
}
