import { Query } from '@nestjs/cqrs';
import type { MessageView } from '../../queries/message-views/message-views.queries.js';

export interface MessageReportView {
  caseId: string;
  conversationId: string;
  /** Null when the whole conversation was reported. */
  messageId: string | null;
  reporterId: string;
  reportedUserId: string;
  createdAt: string;
  /** What was reported and the messages before it, as they were when reported. */
  reported: MessageView | null;
  context: MessageView[];
}

/** For moderators: the evidence of a case opened by a message or conversation report. */
export class MessageReportQuery extends Query<MessageReportView | null> {
  constructor(readonly caseId: string) {
    super();
  }
}
