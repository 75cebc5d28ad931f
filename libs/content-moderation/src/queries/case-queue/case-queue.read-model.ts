import type { EntityManager } from '@mikro-orm/postgresql';
import { notOwnWorkSql } from '#app/platform';
import type { CaseView } from '../../commands/open-case/open-case.command.js';

/** A moderation case with its deadline breach and the owners the claim rule needs. */
export interface CaseRow {
  id: string;
  kind: CaseView['kind'];
  subject_type: CaseView['subjectType'];
  subject_id: string;
  reason: string;
  details: string;
  reporter_email: string | null;
  status: CaseView['status'];
  outcome: string | null;
  resolution_note: string | null;
  opened_at: Date | string;
  due_at: Date | string;
  claimed_by: string | null;
  claimed_at: Date | string | null;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  breached: boolean;
  reporter_user_id: string | null;
  content_creator_id: string | null;
}

/**
 * The creator of the content item a case is about. The subject id is free text (a report may name
 * anything), so it is cast to a uuid only when it is one; comparing i.id::text instead would read
 * every content item for every case row (seconds per page with 100k items), not one by primary key.
 */
const CONTENT_CREATOR = `select i.creator_id from content_items i
    where i.id = case when c.subject_type = 'content' and c.subject_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then c.subject_id::uuid end`;

// With the owners the claim rule needs: the filer (c.reporter_user_id), the account or the content's creator a case is about.
const SELECT = `select c.*, (b.case_id is not null) as breached,
    (${CONTENT_CREATOR}) as content_creator_id
  from moderation_cases c left join moderation_deadline_breaches b on b.case_id = c.id`;

/**
 * A page of the case queue: open cases by deadline (without the viewer's own: what they filed, or an
 * account or content of theirs), or resolved ones newest first.
 */
export function caseQueueRows(
  em: EntityManager,
  {
    status,
    kind,
    viewerId,
    limit,
  }: { status: 'open' | 'resolved'; kind: CaseView['kind'] | null; viewerId: string; limit: number },
): Promise<CaseRow[]> {
  const notOwn =
    status === 'open'
      ? notOwnWorkSql(viewerId, [
          'c.reporter_user_id',
          `case when c.subject_type = 'account' then c.subject_id end`,
          CONTENT_CREATOR,
        ])
      : { sql: 'true', params: [] };
  return em.execute<CaseRow[]>(
    `${SELECT} where c.status = ? ${kind ? 'and c.kind = ?' : ''} and ${notOwn.sql} order by ${status === 'open' ? 'c.due_at asc, c.id asc' : 'c.resolved_at desc, c.id desc'} limit ?`,
    [status, ...(kind ? [kind] : []), ...notOwn.params, limit],
  );
}

export async function caseRow(em: EntityManager, caseId: string): Promise<CaseRow | null> {
  const [row] = await em.execute<CaseRow[]>(`${SELECT} where c.id = ?`, [caseId]);
  return row ?? null;
}
