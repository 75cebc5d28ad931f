import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, ObjectStorage, claimMessage, type JobData, type JobProcessor } from '#app/platform';
import { EndAccountSubscriptions } from './end-account-subscriptions.js';
import {
  clearOwnerStoreImages,
  lockOwnerStoreImages,
  suspendOwnerStores,
} from '../../repositories/stores.repository.js';
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
      const closed = await suspendOwnerStores(em, data.userId, now);
      const images = await lockOwnerStoreImages(em, data.userId);
      const keys = [images?.bannerKey, images?.avatarKey].filter((key): key is string => typeof key === 'string');
      await clearOwnerStoreImages(em, data.userId);
      // Deleted before the commit: a failed commit retries the job, and deleting again is harmless.
      for (const key of keys) await this.storage.delete(storeImageObject(key));
      return { subscriptions: ended, storesClosed: closed.length, imagesDeleted: keys.length };
    });
  }
}
