import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { PurchaseCommand, type PurchaseView } from '#app/commerce';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessageReads } from '../../queries/message-views/message-views.queries.js';
import { PayHeldMessageCommand } from './pay-held-message.command.js';

@CommandHandler(PayHeldMessageCommand)
export class PayHeldMessageHandler implements ICommandHandler<PayHeldMessageCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(MessageReads) private readonly messages: MessageReads,
  ) {}

  async execute({ conversationId, userId, messageId, idempotencyKey }: PayHeldMessageCommand): Promise<PurchaseView> {
    const em = this.orm.em.fork();
    const members = await em.find(ConversationMember, { conversationId });
    if (!members.some((member) => member.userId === userId)) throw MessagingErrors.conversationNotFound();
    // Paying delivers the message: not while a block stands (an open checkout is not handed out again either).
    if (members.some((member) => member.blockedAt !== null)) throw MessagingErrors.blocked();
    const row = await this.messages.byId(em, conversationId, messageId);
    if (!row || !this.messages.visibleTo(row, userId) || row.sender_id !== userId) throw MessagingErrors.messageNotFound();
    if (row.status !== 'awaiting_payment') throw MessagingErrors.notHeld();
    // Commerce re-checks it (MessageOfferQuery) and keeps one live checkout per message: an open one is answered again.
    const { purchase } = await this.commands.execute(new PurchaseCommand(userId, idempotencyKey, { kind: 'message_fee', messageId, method: 'card' }));
    return purchase;
  }
}
