import { Command } from '@nestjs/cqrs';

export interface ReadView {
  conversationId: string;
  /** The read position after the call (unchanged when an older message was named). */
  lastReadMessageId: string;
  unreadCount: number;
  /** The caller's badge total. */
  total: number;
}

/** The caller read the conversation up to (and including) a message: a read receipt. Never moves back. */
export class MarkReadCommand extends Command<ReadView> {
  constructor(
    readonly conversationId: string,
    readonly userId: string,
    readonly messageId: string,
  ) {
    super();
  }
}
