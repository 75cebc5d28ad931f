import { Query } from '@nestjs/cqrs';
import type { ConversationView } from '../conversation-views.js';

/** One conversation of the caller's (not found for anyone else). */
export class GetConversationQuery extends Query<ConversationView> {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
  ) {
    super();
  }
}
