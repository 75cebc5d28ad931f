import type { EntityManager } from '@mikro-orm/postgresql';

/** An open case whose deadline stage just changed. */
export interface DeadlineCase {
  id: string;
  kind: string;
  due_at: Date | string;
}

/** Marks warned the open cases with a quarter of their window left (opened + 3/4 of the time), once each. */
export function markCasesDueSoon(em: EntityManager, now: Date): Promise<DeadlineCase[]> {
  return em.execute<DeadlineCase[]>(
    `update moderation_cases set warned_at = ?
      where status = 'open' and warned_at is null and due_at > ?
        and opened_at + (due_at - opened_at) * 0.75 <= ?
      returning id, kind, due_at`,
    [now, now, now],
  );
}

/** Marks escalated the open cases past their deadline, once each (warned too, when they never were). */
export function markCasesOverdue(em: EntityManager, now: Date): Promise<DeadlineCase[]> {
  return em.execute<DeadlineCase[]>(
    `update moderation_cases set escalated_at = ?, warned_at = coalesce(warned_at, ?)
      where status = 'open' and escalated_at is null and due_at <= ?
      returning id, kind, due_at`,
    [now, now, now],
  );
}

/** Records a case's missed deadline; a second record of the same case is ignored. */
export async function recordDeadlineBreach(em: EntityManager, overdue: DeadlineCase, detectedAt: Date): Promise<void> {
  await em.execute(
    `insert into moderation_deadline_breaches (case_id, kind, due_at, detected_at) values (?, ?, ?, ?) on conflict (case_id) do nothing`,
    [overdue.id, overdue.kind, overdue.due_at, detectedAt],
  );
}
