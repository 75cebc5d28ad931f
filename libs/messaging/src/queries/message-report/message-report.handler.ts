import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { reportOfCase } from './message-report.queries.js';
import { MessageReportQuery, type MessageReportView } from './message-report.query.js';

@QueryHandler(MessageReportQuery)
export class MessageReportHandler implements IQueryHandler<MessageReportQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ caseId }: MessageReportQuery): Promise<MessageReportView | null> {
    const row = await reportOfCase(this.orm.em.fork(), caseId);
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
