import { Query } from '@nestjs/cqrs';

export interface ComplianceReportView {
  id: string;
  kind: 'monthly' | 'quarterly';
  period: string;
  generatedAt: string;
  incidents: number;
  summary: Record<string, unknown>;
}

/** Every compliance report, the latest period first (monthly before quarterly within a period start). */
export class ComplianceReportsQuery extends Query<ComplianceReportView[]> {}

/** One report's CSV, null when there is no such report. */
export class ComplianceReportCsvQuery extends Query<string | null> {
  constructor(readonly reportId: string) {
    super();
  }
}
