import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { MessageView } from '../queries/message-views/message-views.queries.js';

export interface MessageReportClaim {
  id: string;
  conversationId: string;
  messageId: string | null;
  reporterId: string;
  reportedUserId: string;
  snapshot: { reported: MessageView | null; context: MessageView[] };
  createdAt: Date;
}

/**
 * The only writer of `message_reports`: one report per member and subject, claimed before its
 * moderation case opens, then tied to the case, or freed when the case is refused.
 */
export const MessageReportRepository = {
  /** Claims the report; answers false when this member already reported this subject. */
  async claim(em: EntityManager, report: MessageReportClaim): Promise<boolean> {
    try {
      await em.execute(
        `insert into message_reports (id, conversation_id, message_id, reporter_id, reported_user_id, snapshot, created_at) values (?, ?, ?, ?, ?, ?, ?)`,
        [
          report.id,
          report.conversationId,
          report.messageId,
          report.reporterId,
          report.reportedUserId,
          JSON.stringify(report.snapshot),
          report.createdAt,
        ],
      );
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  },

  async attachCase(em: EntityManager, reportId: string, caseId: string): Promise<void> {
    await em.execute(`update message_reports set case_id = ? where id = ?`, [caseId, reportId]);
  },

  async release(em: EntityManager, reportId: string): Promise<void> {
    await em.execute(`delete from message_reports where id = ?`, [reportId]);
  },
};
