import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, Clock, JobHandler, Outbox, type AppConfig, type JobData, type JobProcessor } from '#app/platform';
import { EmailRecipientQuery } from '#app/identity';
import { StoreNamesQuery } from '#app/content-moderation';
import { DIGEST_AFTER_MS, DIGEST_DEFAULT, digestVariables, type DigestConversation } from '../../domain/digest.js';
import { fanHandle } from '../../queries/conversation-views.js';
import { DigestLinks } from '../unsubscribe-digest/digest-links.js';
import { dueConversationsOf, type DueConversation } from '../../queries/due-messages/due-messages.queries.js';
import { savedEmailDigest } from '../../queries/messaging-preferences/messaging-preferences.queries.js';
import { DigestMarks } from '../../repositories/digest-marks.repository.js';

export type DigestOutcome = 'sent' | 'nothing_due' | 'turned_off' | 'no_address';

/**
 * One user's unread-messages digest. In one transaction: lock the user's member rows that have
 * unread messages (a second worker on the same user waits here, then finds nothing left), pick the
 * due messages, queue one email through the outbox and move each conversation's high-water mark to
 * the newest message it told of. A rollback queues nothing and moves nothing.
 */
@Injectable()
@JobHandler('notifications', 'message-digest')
export class SendMessageDigestJob implements JobProcessor<'notifications', 'message-digest'> {
  private readonly logger = new Logger(SendMessageDigestJob.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DigestLinks) private readonly links: DigestLinks,
  ) {}

  async handle({ userId }: JobData<'notifications', 'message-digest'>): Promise<DigestOutcome> {
    // Optional mail goes only to a confirmed address of a live account; the messages wait (unmarked) meanwhile.
    const recipient = await this.queries.execute(new EmailRecipientQuery(userId));
    if (!recipient) return 'no_address';
    const cutoff = new Date(this.clock.now().getTime() - DIGEST_AFTER_MS);
    const outcome = await this.orm.em.fork().transactional(async (em): Promise<DigestOutcome> => {
      await DigestMarks.lock(em, userId);
      if (!((await savedEmailDigest(em, userId)) ?? DIGEST_DEFAULT)) return 'turned_off';
      const due = await dueConversationsOf(em, userId, cutoff);
      if (due.length === 0) return 'nothing_due';
      // The same signed link in the body and in List-Unsubscribe: a mail client's one-click POST turns it off at once.
      const unsubscribeUrl = this.links.unsubscribeUrl(userId);
      this.outbox.enqueue(em, 'notifications', 'send-email', {
        to: recipient.email,
        template: 'message-digest',
        variables: digestVariables(await this.named(due), { publicUrl: this.config.PUBLIC_URL, unsubscribeUrl }),
        unsubscribeUrl,
      });
      await DigestMarks.moveTo(em, userId, due);
      return 'sent';
    });
    if (outcome === 'sent') this.logger.log(`queued the unread-messages digest of user ${userId}`);
    return outcome;
  }

  /** Who each conversation is with, as the messages page shows them: a creator by their store, a fan by a masked handle. */
  private async named(due: DueConversation[]): Promise<DigestConversation[]> {
    const creatorIds = [...new Set(due.filter((row) => row.role === 'fan').map((row) => row.creator_id))];
    const stores = creatorIds.length > 0 ? await this.queries.execute(new StoreNamesQuery(creatorIds)) : {};
    return due.map((row) => ({
      conversationId: row.conversation_id,
      counterpartName: row.role === 'fan' ? (stores[row.creator_id]?.name ?? 'Creator') : fanHandle(row.fan_id),
      unread: row.unread,
      latestBody: row.latest_body,
      latestHasMedia: row.latest_attachments > 0,
      latestPriced: row.latest_priced,
    }));
  }
}
