import type { EntityManager } from '@mikro-orm/postgresql';

/** A moderation case as a compliance report counts it: opened in the period, or whose deadline breach was detected in it. */
export interface ComplianceCaseRow {
  id: string;
  kind: string;
  reason: string;
  subject_type: string;
  opened_at: Date | string;
  due_at: Date | string;
  resolved_at: Date | string | null;
  outcome: string | null;
  breached: boolean;
}

export interface NewComplianceReport {
  id: string;
  kind: 'monthly' | 'quarterly';
  period: string;
  start: Date;
  end: Date;
  generatedAt: Date;
  incidents: number;
  summary: Record<string, unknown>;
  csv: string;
}

export async function complianceReportExists(em: EntityManager, kind: string, period: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from compliance_reports where kind = ? and period = ?`, [kind, period]);
  return rows.length > 0;
}

/** The cases a report of [start, end) covers, oldest first. */
export function casesForComplianceReport(em: EntityManager, start: Date, end: Date): Promise<ComplianceCaseRow[]> {
  return em.execute<ComplianceCaseRow[]>(
    `select c.id, c.kind, c.reason, c.subject_type, c.opened_at, c.due_at, c.resolved_at, c.outcome, (b.case_id is not null) as breached
       from moderation_cases c left join moderation_deadline_breaches b on b.case_id = c.id
      where (c.opened_at >= ? and c.opened_at < ?) or (b.detected_at >= ? and b.detected_at < ?)
      order by c.opened_at, c.id`,
    [start, end, start, end],
  );
}

/** Stores the report unless one of its kind and period exists (the unique key makes generation exactly once); true when stored. */
export async function insertComplianceReport(em: EntityManager, report: NewComplianceReport): Promise<boolean> {
  const inserted = await em.execute(
    `insert into compliance_reports (id, kind, period, period_start, period_end, generated_at, incidents, summary, csv)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (kind, period) do nothing returning id`,
    [
      report.id,
      report.kind,
      report.period,
      report.start,
      report.end,
      report.generatedAt,
      report.incidents,
      JSON.stringify(report.summary),
      report.csv,
    ],
  );
  return inserted.length > 0;
}
