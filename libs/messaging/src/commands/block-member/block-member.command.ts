import { Command } from '@nestjs/cqrs';
import type { ConversationView } from '../../queries/conversation-views.js';

/**
 * Either side blocks the other (nobody sends while a block stands, the live channel loses typing and
 * presence) or lifts their own block. Idempotent.
 */
export class BlockMemberCommand extends Command<ConversationView> {
  constructor(
    readonly conversationId: string,
    readonly userId: string,
    readonly blocked: boolean,
  ) {
    super();
  }
}
