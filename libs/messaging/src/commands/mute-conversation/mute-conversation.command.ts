import { Command } from '@nestjs/cqrs';
import type { ConversationView } from '../../queries/conversation-views.js';

/** Mutes a conversation for the caller (no notifications, out of the badge) or unmutes it. Idempotent. */
export class MuteConversationCommand extends Command<ConversationView> {
  constructor(
    readonly conversationId: string,
    readonly userId: string,
    readonly muted: boolean,
  ) {
    super();
  }
}
