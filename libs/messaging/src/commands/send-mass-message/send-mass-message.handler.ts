import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Clock, Outbox } from '#app/platform';
import { StoreOwnerQuery } from '#app/commerce';
import { ContentByIdQuery } from '#app/content-moderation';
import { DAY_MS, MASS_MESSAGES_PER_DAY, segmentProblem } from '../../domain/mass-messages.js';
import { cleanText, MAX_ATTACHMENTS, textProblem } from '../../domain/message-text.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MassMessageRepository, type MassMessageRow } from '../../repositories/mass-message.repository.js';
import { MessageMediaRepository } from '../../repositories/message-media.repository.js';
import { AttachmentResolver } from '../send-message/attachment-resolver.js';
import { SendMassMessageCommand } from './send-mass-message.command.js';

@CommandHandler(SendMassMessageCommand)
export class SendMassMessageHandler implements ICommandHandler<SendMassMessageCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(MassMessageRepository) private readonly massMessages: MassMessageRepository,
    @Inject(AttachmentResolver) private readonly media: AttachmentResolver,
  ) {}

  async execute({ creatorId, input }: SendMassMessageCommand) {
    const text = cleanText(input.text);
    const problem = textProblem(text, input.attachments.length);
    if (problem) throw problem === 'empty' ? MessagingErrors.emptyMessage() : MessagingErrors.tooLong();
    if (new Set(input.attachments).size !== input.attachments.length || input.attachments.length > MAX_ATTACHMENTS)
      throw MessagingErrors.duplicateAttachment();
    const segmentIssue = segmentProblem(input.segment, input.contentId);
    if (segmentIssue) throw MessagingErrors.badSetting('contentId', segmentIssue);
    if (input.priceMinor !== null && input.attachments.length === 0) throw MessagingErrors.priceNeedsMedia();

    const em = this.orm.em.fork();
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store || !store.active) throw MessagingErrors.notACreator();
    // A retry of a stored request answers what was stored, before any rule counts it again.
    const earlier = await this.massMessages.byClientId(em, creatorId, input.clientId);
    if (earlier) return { massMessage: (await this.massMessages.views(em, [earlier]))[0], created: false };
    if (input.contentId) {
      const item = await this.queries.execute(new ContentByIdQuery(input.contentId));
      if (!item || item.creatorId !== creatorId) throw MessagingErrors.contentNotFound();
    }
    // Media follows the rules of single messages: verified creators only, uploads held for review.
    const attachments = await this.media.resolve(creatorId, input.attachments);
    const now = this.clock.now();
    const id = randomUUID();

    const row = await this.orm.em.fork().transactional(async (tx): Promise<MassMessageRow> => {
      // One creator's requests queue one at a time, so the daily count cannot be overtaken.
      await this.massMessages.serializeCreator(tx, creatorId);
      const again = await this.massMessages.byClientId(tx, creatorId, input.clientId);
      if (again) return again;
      const today = await this.massMessages.countSince(tx, creatorId, new Date(now.getTime() - DAY_MS));
      if (today >= MASS_MESSAGES_PER_DAY) throw MessagingErrors.massMessageLimit(MASS_MESSAGES_PER_DAY);
      const inserted = await this.massMessages.queue(tx, {
        id,
        creatorId,
        clientId: input.clientId,
        segment: input.segment,
        contentId: input.contentId,
        body: text,
        attachments: attachments.map(({ contentId, kind, source }) => ({ contentId, kind, source })),
        priceMinor: input.priceMinor,
        currency: store.currency,
        createdAt: now,
      });
      for (const attachment of attachments) {
        // As for a single message: only content-moderation's events (version >= 1) change it afterwards.
        await MessageMediaRepository.noteFirstSeen(tx, attachment.contentId, attachment.status, now);
      }
      this.outbox.enqueue(tx, 'notifications', 'mass-message-fan-out', { massMessageId: id });
      return inserted;
    });
    const read = this.orm.em.fork();
    return { massMessage: (await this.massMessages.views(read, [row]))[0], created: row.id === id };
  }
}
