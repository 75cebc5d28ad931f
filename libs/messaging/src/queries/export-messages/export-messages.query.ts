import { Query } from '@nestjs/cqrs';
import type { ConversationView } from '../conversation-views.js';
import type { MessageView } from '../../queries/message-views/message-views.queries.js';

/** One of the person's conversations as they see it, with every message it shows them, oldest first. */
export interface ExportedConversation {
  conversation: ConversationView;
  messages: MessageView[];
}

/**
 * Everything a person wrote or received in their own conversations, for their account export: text,
 * tips, paid messages with their price and state (locked, unlocked, withdrawn, held) and media by
 * reference (content ids; the files open through their own signed links). What the other side holds
 * back (their held messages, a withdrawn message nobody paid for) is theirs, not this person's.
 */
export class ExportMessagesQuery extends Query<ExportedConversation[]> {
  constructor(readonly userId: string) {
    super();
  }
}
