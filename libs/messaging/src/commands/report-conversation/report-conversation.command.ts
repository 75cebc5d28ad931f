import { Command } from '@nestjs/cqrs';
import type { ReportReason } from '#app/content-moderation';

/**
 * A member reports a message they received, or the whole conversation: a moderation case with the
 * 48-hour deadline opens (as a store report does), with what was reported kept as its evidence.
 */
export class ReportConversationCommand extends Command<{ id: string; dueAt: string }> {
  constructor(
    readonly conversationId: string,
    readonly reporter: { id: string; email: string },
    readonly messageId: string | null,
    readonly reason: ReportReason,
    readonly details: string,
    readonly ip: string,
  ) {
    super();
  }
}
