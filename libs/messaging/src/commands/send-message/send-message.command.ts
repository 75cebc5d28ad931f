import { Command } from '@nestjs/cqrs';
import type { PurchaseView } from '#app/commerce';
import type { MessageView } from '../../queries/message-views/message-views.queries.js';
import type { MessagingActor } from '../start-conversation/start-conversation.command.js';

/**
 * Sends a message: text, and for the creator photos and videos (content ids). The client's id makes
 * it idempotent: sent again, the stored message is answered (`created` false) and nothing repeats.
 */
/** `purchase`: a held message's checkout (the creator charges per message); null when it could not open. */
export class SendMessageCommand extends Command<{
  message: MessageView;
  created: boolean;
  purchase?: PurchaseView | null;
}> {
  constructor(
    readonly conversationId: string,
    readonly sender: MessagingActor,
    readonly clientId: string,
    readonly text: string,
    readonly attachments: string[],
    /** A pay-per-view message (creators only, with media): its price in the store's currency. */
    readonly priceMinor?: number,
  ) {
    super();
  }
}
