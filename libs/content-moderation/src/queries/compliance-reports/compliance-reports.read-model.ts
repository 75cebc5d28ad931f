import type { EntityManager } from '@mikro-orm/postgresql';
import type { ComplianceReportView } from './compliance-reports.query.js';

export async function complianceReports(em: EntityManager): Promise<ComplianceReportView[]> {
  const rows = await em.execute<
    {
      id: string;
      kind: ComplianceReportView['kind'];
      period: string;
      generated_at: Date;
      incidents: number;
      summary: Record<string, unknown>;
    }[]
  >(
    `select id, kind, period, generated_at, incidents, summary from compliance_reports order by period_start desc, kind`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    period: row.period,
    generatedAt: new Date(row.generated_at).toISOString(),
    incidents: row.incidents,
    summary: row.summary,
  }));
}

export async function complianceReportCsv(em: EntityManager, reportId: string): Promise<string | null> {
  const [row] = await em.execute<{ csv: string }[]>(`select csv from compliance_reports where id = ?`, [reportId]);
  return row?.csv ?? null;
}
