import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { MessageView } from '../../queries/message-views/message-views.queries.js';
import { MessageReportQuery, type MessageReportView } from './message-report.query.js';

interface Row {
  case_id: string;
  conversation_id: string;
  message_id: string | null;
  reporter_id: string;
  reported_user_id: string;
  snapshot: { reported: MessageView | null; context: MessageView[] };
  created_at: Date;
}

@QueryHandler(MessageReportQuery)
export class MessageReportHandler implements IQueryHandler<MessageReportQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ caseId }: MessageReportQuery): Promise<MessageReportView | null> {
    const [row] = await this.orm.em.fork().execute<Row[]>(
      `select case_id, conversation_id, message_id, reporter_id, reported_user_id, snapshot, created_at from message_reports where case_id = ?`,
      [caseId],
    );
    if (!row) return null;
    return {
      caseId: row.case_id,
      conversationId: row.conversation_id,
      messageId: row.message_id,
      reporterId: row.reporter_id,
      reportedUserId: row.reported_user_id,
      createdAt: new Date(row.created_at).toISOString(),
      reported: row.snapshot.reported,
      context: row.snapshot.context,
    };
  }
}
