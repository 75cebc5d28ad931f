import { Inject, Injectable } from '@nestjs/common';
import { Clock, JobHandler, type JobProcessor } from '#app/platform';
import { DeadlineWatch } from './deadline-watch.js';
import { ComplianceReports } from './compliance-reports.js';

@Injectable()
@JobHandler('moderation', 'check-deadlines')
export class CheckDeadlinesJob implements JobProcessor<'moderation', 'check-deadlines'> {
  constructor(
    @Inject(DeadlineWatch) private readonly watch: DeadlineWatch,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  handle() {
    return this.watch.run(this.clock.now());
  }
}

@Injectable()
@JobHandler('moderation', 'compliance-reports')
export class ComplianceReportsJob implements JobProcessor<'moderation', 'compliance-reports'> {
  constructor(
    @Inject(ComplianceReports) private readonly reports: ComplianceReports,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  handle() {
    return this.reports.generateDue(this.clock.now());
  }
}
