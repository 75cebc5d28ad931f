import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ContentByIdQuery } from '#app/content-moderation';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';
import { OpenAttachmentQuery, type OpenedAttachmentView } from './open-attachment.query.js';

@QueryHandler(OpenAttachmentQuery)
export class OpenAttachmentHandler implements IQueryHandler<OpenAttachmentQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MessageReads) private readonly messages: MessageReads,
  ) {}

  async execute({ userId, conversationId, messageId, contentId }: OpenAttachmentQuery): Promise<OpenedAttachmentView> {
    const em = this.orm.em.fork();
    if (!(await em.findOne(ConversationMember, { conversationId, userId })))
      throw MessagingErrors.conversationNotFound();
    const row = await this.messages.byId(em, conversationId, messageId);
    if (!row || !this.messages.visibleTo(row, userId)) throw MessagingErrors.messageNotFound();
    const attachment = (await this.messages.views(em, [row], userId))[0].attachments.find(
      (item) => item.contentId === contentId,
    );
    if (!attachment) throw MessagingErrors.mediaNotOpen();
    // A pay-per-view message's media opens for its sender and for a recipient who unlocked it; the signed links are minted only here.
    if (attachment.locked) throw MessagingErrors.locked(Number(row.price_minor), row.currency!);
    const sender = row.sender_id === userId;
    // Checked again at content-moderation, where the review lives: a takedown closes it even before its event arrives.
    const viewer = { id: userId, role: 'user', aal: 'aal1' as const };
    const content = await this.queries.execute(
      new ContentByIdQuery(contentId, { viewer, message: { conversationId, messageId } }),
    );
    const open =
      content &&
      content.creatorId === row.sender_id &&
      (content.status === 'approved' || (sender && content.status === 'pending_review'));
    if (!open || (!sender && attachment.state !== 'released')) throw MessagingErrors.mediaNotOpen();
    return {
      contentId,
      kind: content.kind,
      media: content.media.map((file) => ({
        id: file.id,
        mediaType: file.mediaType,
        number: file.number,
        thumbnailUrl: file.thumbnailUrl,
        previewUrl: file.previewUrl,
        fileUrl: file.fileUrl,
      })),
    };
  }
}
