import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PurchaseCommand, type PurchaseView } from '#app/commerce';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingStore } from '../../repositories/messaging-store.js';
import { PayHeldMessageCommand } from './pay-held-message.command.js';

@CommandHandler(PayHeldMessageCommand)
export class PayHeldMessageHandler implements ICommandHandler<PayHeldMessageCommand> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(MessagingStore) private readonly store: MessagingStore,
  ) {}

  async execute({ conversationId, userId, messageId, idempotencyKey }: PayHeldMessageCommand): Promise<PurchaseView> {
    await this.store.transaction(async ({ conversations, messages }) => {
      const conversation = await conversations.find(conversationId);
      if (!conversation?.memberRole(userId)) throw MessagingErrors.conversationNotFound();
      // Paying delivers the message: not while a block stands (an open checkout is not handed out again either).
      if (conversation.blocked) throw MessagingErrors.blocked();
      const message = await messages.byId(conversationId, messageId);
      if (!message?.visibleTo(userId) || message.senderId !== userId) throw MessagingErrors.messageNotFound();
      message.assertHeld();
    });
    // Commerce re-checks it (MessageOfferQuery) and keeps one live checkout per message: an open one is answered again.
    const { purchase } = await this.commands.execute(
      new PurchaseCommand(userId, idempotencyKey, { kind: 'message_fee', messageId, method: 'card' }),
    );
    return purchase;
  }
}
