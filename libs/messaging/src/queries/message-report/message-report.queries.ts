import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageView } from '../message-views/message-views.queries.js';

export interface MessageReportRow {
  case_id: string;
  conversation_id: string;
  message_id: string | null;
  reporter_id: string;
  reported_user_id: string;
  snapshot: { reported: MessageView | null; context: MessageView[] };
  created_at: Date;
}

/** The report filed under a moderation case, with what the reporter saw when they filed it. */
export async function reportOfCase(em: EntityManager, caseId: string): Promise<MessageReportRow | null> {
  const [row] = await em.execute<MessageReportRow[]>(
    `select case_id, conversation_id, message_id, reporter_id, reported_user_id, snapshot, created_at from message_reports where case_id = ?`,
    [caseId],
  );
  return row ?? null;
}
