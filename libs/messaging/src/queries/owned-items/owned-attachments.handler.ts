import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { fanHandle } from '../conversation-views.js';
import { OwnedAttachmentsQuery, type OwnedAttachmentsView } from './owned-attachments.query.js';
import { OwnedItems } from './owned-items.js';

@QueryHandler(OwnedAttachmentsQuery)
export class OwnedAttachmentsHandler implements IQueryHandler<OwnedAttachmentsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(OwnedItems) private readonly ownedItems: OwnedItems,
  ) {}

  async execute({ creatorId, conversationId, contentIds }: OwnedAttachmentsQuery): Promise<OwnedAttachmentsView> {
    const conversation = await this.orm.em.fork().findOne(Conversation, conversationId);
    const role = conversation?.memberRole(creatorId);
    if (!conversation || !role) throw MessagingErrors.conversationNotFound();
    if (role !== 'creator') throw MessagingErrors.creatorsOnlyCheck();
    // Only the caller's own store items can be owned; anything else is simply not named (the send checks attachments itself).
    const described = await this.ownedItems.describe(contentIds);
    const storeItems = [...described]
      .filter(([, item]) => item.store && item.creatorId === creatorId)
      .map(([id]) => id);
    const owned = await this.ownedItems.of(conversation.fanId, creatorId, storeItems);
    return {
      recipient: fanHandle(conversation.fanId),
      alreadyOwned: storeItems
        .filter((id) => owned.has(id))
        .map((id) => ({ contentId: id, title: described.get(id)!.title })),
    };
  }
}
