import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, ObjectStorage, claimMessage, type JobData, type JobProcessor } from '#app/platform';
import { EndAccountSubscriptions } from './end-account-subscriptions.js';
import { storeImageObject } from '../../queries/store-image/store-image.handler.js';

const CONSUMER = 'commerce.account-deleted';

export interface EndedForAccount {
  subscriptions: number;
  storesClosed: number;
  imagesDeleted: number;
}

/**
 * A deleted account renews nothing more (end-account-subscriptions.ts), and its
 * store closes and its banner and avatar leave storage. Purchases and their ledger entries stay as they are.
 */
@Injectable()
@JobHandler('payments', 'account-deleted')
export class EndAccountSubscriptionsJob implements JobProcessor<'payments', 'account-deleted'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(EndAccountSubscriptions) private readonly subscriptions: EndAccountSubscriptions,
  ) {}

  handle(data: JobData<'payments', 'account-deleted'>): Promise<EndedForAccount | 'skipped'> {
    return this.orm.em.fork().transactional(async (em) => {
      if (data.messageId && !(await claimMessage(em, CONSUMER, data.messageId))) return 'skipped';
      const now = new Date(data.occurredAt);
      const ended = await this.subscriptions.end(em, data.userId, now);
      const closed = await em.execute<{ id: string }[]>(
        `update stores set status = 'suspended', updated_at = ? where owner_id = ? and status = 'active' returning id`,
        [now, data.userId],
      );
      const [images] = await em.execute<{ banner_key: string | null; avatar_key: string | null }[]>(
        `select banner_key, avatar_key from stores where owner_id = ? for update`,
        [data.userId],
      );
      const keys = [images?.banner_key, images?.avatar_key].filter((key): key is string => typeof key === 'string');
      await em.execute(`update stores set banner_key = null, avatar_key = null where owner_id = ?`, [data.userId]);
      // Deleted before the commit: a failed commit retries the job, and deleting again is harmless.
      for (const key of keys) await this.storage.delete(storeImageObject(key));
      return { subscriptions: ended, storesClosed: closed.length, imagesDeleted: keys.length };
    });
  }
}
