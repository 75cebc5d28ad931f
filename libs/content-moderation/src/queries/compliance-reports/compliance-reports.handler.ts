import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ComplianceReportCsvQuery,
  ComplianceReportsQuery,
  type ComplianceReportView,
} from './compliance-reports.query.js';
import { complianceReportCsv, complianceReports } from './compliance-reports.read-model.js';

@QueryHandler(ComplianceReportsQuery)
export class ComplianceReportsHandler implements IQueryHandler<ComplianceReportsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  execute(): Promise<ComplianceReportView[]> {
    return complianceReports(this.orm.em.fork());
  }
}

@QueryHandler(ComplianceReportCsvQuery)
export class ComplianceReportCsvHandler implements IQueryHandler<ComplianceReportCsvQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  execute({ reportId }: ComplianceReportCsvQuery): Promise<string | null> {
    return complianceReportCsv(this.orm.em.fork(), reportId);
  }
}
