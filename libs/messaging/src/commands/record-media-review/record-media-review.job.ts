import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { claimMessage, JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { MessageMediaRepository } from '../../repositories/message-media.repository.js';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';
import { messagesCarrying } from '../../queries/message-media/message-media.queries.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';

const CONSUMER = 'messaging.message-media';

export type MediaReviewOutcome = 'applied' | 'stale' | 'duplicate';

/**
 * Keeps messaging's copy of each item's review (message_media) from content-moderation's events:
 * held media is released when approved and removed when rejected or taken down. Idempotent (a
 * processed-message row) and order-safe (only a higher version applies). Always an upsert: a send
 * that is attaching the item right now holds the row's key, so the two are ordered by PostgreSQL.
 */
@Injectable()
@JobHandler('moderation', 'content-review-changed')
export class RecordMediaReviewJob implements JobProcessor<'moderation', 'content-review-changed'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async handle(data: JobData<'moderation', 'content-review-changed'>): Promise<MediaReviewOutcome> {
    const outcome = await this.orm.em.fork().transactional(async (em): Promise<MediaReviewOutcome> => {
      if (data.messageId && !(await claimMessage(em, CONSUMER, data.messageId))) return 'duplicate';
      const review = {
        contentId: data.contentId,
        status: data.status,
        version: data.version,
        at: new Date(data.occurredAt),
      };
      return (await MessageMediaRepository.recordReview(em, review)) ? 'applied' : 'stale';
    });
    // Read after the commit: a message stored meanwhile is either found here or read the new state itself.
    if (outcome === 'applied') await this.announce(data.contentId);
    return outcome;
  }

  private async announce(contentId: string): Promise<void> {
    const em = this.orm.em.fork();
    const carriers = await messagesCarrying(em, contentId);
    for (const carrier of carriers) {
      const row = await this.messages.byId(em, carrier.conversation_id, carrier.message_id);
      if (row) await this.realtime.messageUpdated((await this.messages.views(em, [row], null))[0]);
    }
  }
}
