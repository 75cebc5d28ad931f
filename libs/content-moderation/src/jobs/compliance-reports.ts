import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { toCsv } from '#app/platform';
import { previousMonth, previousQuarter, type Period } from '../domain/periods.js';
import {
  casesForComplianceReport,
  complianceReportExists,
  insertComplianceReport,
  type ComplianceCaseRow,
} from '../repositories/compliance-reports.repository.js';

type CaseRow = ComplianceCaseRow;

const iso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

/**
 * The compliance reports of the content policy: each month's report (incidents, or a
 * zero-incident report) and each quarter's internal audit. The (kind, period) unique key makes
 * generation exactly once: a second run, a retry or a second worker inserts nothing.
 */
@Injectable()
export class ComplianceReports {
  private readonly logger = new Logger(ComplianceReports.name);

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  /** Generates whichever of last month's and last quarter's reports does not exist yet. */
  async generateDue(now: Date): Promise<string[]> {
    const made: string[] = [];
    for (const period of [previousMonth(now), previousQuarter(now)]) {
      if (await this.generate(period, now)) made.push(`${period.kind} ${period.label}`);
    }
    return made;
  }

  async generate(period: Period, now: Date): Promise<boolean> {
    const em = this.orm.em.fork();
    if (await complianceReportExists(em, period.kind, period.label)) return false;
    const rows = await casesForComplianceReport(em, period.start, period.end);
    const count = (test: (row: CaseRow) => boolean) => rows.filter(test).length;
    const byKind = (kind: string) => ({
      received: count((row) => row.kind === kind),
      resolved: count((row) => row.kind === kind && row.resolved_at !== null),
      resolvedOnTime: count(
        (row) => row.kind === kind && row.resolved_at !== null && new Date(row.resolved_at) <= new Date(row.due_at),
      ),
      deadlineBreaches: count((row) => row.kind === kind && row.breached),
    });
    // An incident: content or an account actioned after a case, or a missed deadline.
    const incidents = count(
      (row) => row.breached || row.outcome === 'content_removed' || row.outcome === 'account_actioned',
    );
    const summary = {
      period: period.label,
      from: period.start.toISOString(),
      to: period.end.toISOString(),
      zeroIncident: incidents === 0,
      statement:
        incidents === 0
          ? `No incidents in ${period.label}: no content or account was actioned and every case was handled within its deadline.`
          : `${incidents} incident(s) in ${period.label}.`,
      reports: byKind('report'),
      takedowns: byKind('takedown'),
      appeals: byKind('appeal'),
      contentRemoved: count((row) => row.outcome === 'content_removed'),
      accountsActioned: count((row) => row.outcome === 'account_actioned'),
    };
    const csv = toCsv(
      [
        'case_id',
        'kind',
        'reason',
        'subject_type',
        'opened_at',
        'due_at',
        'resolved_at',
        'outcome',
        'deadline_breached',
      ],
      rows.map((row) => [
        row.id,
        row.kind,
        row.reason,
        row.subject_type,
        iso(row.opened_at),
        iso(row.due_at),
        iso(row.resolved_at),
        row.outcome ?? 'open',
        row.breached ? 'yes' : 'no',
      ]),
    );
    const inserted = await insertComplianceReport(em, {
      id: randomUUID(),
      kind: period.kind,
      period: period.label,
      start: period.start,
      end: period.end,
      generatedAt: now,
      incidents,
      summary,
      csv,
    });
    if (inserted) this.logger.log(`compliance report ${period.kind} ${period.label}: ${incidents} incident(s)`);
    return inserted;
  }
}
