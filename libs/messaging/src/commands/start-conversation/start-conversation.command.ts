import { Command } from '@nestjs/cqrs';
import type { ConversationView } from '../../queries/conversation-views.js';

/** The caller as the spam rules need them: their id and when their account was made. */
export interface MessagingActor {
  id: string;
  accountCreatedAt: Date;
}

/**
 * Opens (or finds) the caller's conversation: a fan with a store's creator (by the store's slug), or
 * a creator with one of their fans (by the fan's id). `created` says whether it is new.
 */
export class StartConversationCommand extends Command<{ conversation: ConversationView; created: boolean }> {
  constructor(
    readonly actor: MessagingActor,
    readonly target: { storeSlug: string } | { fanId: string },
  ) {
    super();
  }
}
