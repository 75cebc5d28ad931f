import { Inject, Injectable, SetMetadata, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Cron } from '@nestjs/schedule';
import { ScheduledJobs } from './scheduled-jobs.js';
import type { JobName, QueueName } from './job-catalogue.js';

const RECURRING_JOB = 'fanmint:recurring-job';

/** A @Cron tick in UTC, named after the job it enqueues and listed in JOB_SCHEDULES. */
function Recurring<Q extends QueueName>(queue: Q, name: JobName<Q>, cronTime: string): MethodDecorator {
  return applyDecorators(
    Cron(cronTime, { name: `${queue}:${name}`, timeZone: 'UTC' }),
    SetMetadata(RECURRING_JOB, { queue, name, cron: cronTime }),
  );
}

/**
 * Every recurring job, declared here once (cron patterns with seconds, in UTC). Only the worker
 * provides this class and ScheduleModule, so the api never ticks. A tick only enqueues its job
 * for the period it falls in (ScheduledJobs: once per period however many workers tick); the
 * handlers act on everything due when they run, so a worker that was down at a tick catches up
 * at the next one, and they stay idempotent in PostgreSQL.
 */
@Injectable()
export class RecurringJobs {
  constructor(@Inject(ScheduledJobs) private readonly scheduled: ScheduledJobs) {}

  /** Deadline watch: warns moderators a quarter before a case deadline, escalates after it. */
  @Recurring('moderation', 'check-deadlines', '0 * * * * *')
  checkDeadlines(): Promise<string | null> {
    return this.scheduled.enqueue('moderation', 'check-deadlines', 'minute');
  }

  /** Last month's compliance report and last quarter's audit, whichever does not exist yet. */
  @Recurring('moderation', 'compliance-reports', '0 10 0 * * *')
  complianceReports(): Promise<string | null> {
    return this.scheduled.enqueue('moderation', 'compliance-reports', 'day');
  }

  /** Expires checkouts the fan abandoned (once the provider confirms nothing was paid). */
  @Recurring('payments', 'expire-checkouts', '30 * * * * *')
  expireCheckouts(): Promise<string | null> {
    return this.scheduled.enqueue('payments', 'expire-checkouts', 'minute');
  }

  /** Charges the subscriptions whose period ended (and expires those that do not renew). */
  @Recurring('payments', 'renew-subscriptions', '0 */15 * * * *')
  renewSubscriptions(): Promise<string | null> {
    return this.scheduled.enqueue('payments', 'renew-subscriptions', 'quarter-hour');
  }

  /** Monthly partitions a year ahead for every partitioned table (a missed day changes nothing: default partitions take the rows). */
  @Recurring('moderation', 'keep-partitions', '0 20 0 * * *')
  keepPartitions(): Promise<string | null> {
    return this.scheduled.enqueue('moderation', 'keep-partitions', 'day');
  }

  /** ID records kept for the law after an account was erased, deleted once their retention ends. */
  @Recurring('moderation', 'purge-retained-records', '0 40 0 * * *')
  purgeRetainedRecords(): Promise<string | null> {
    return this.scheduled.enqueue('moderation', 'purge-retained-records', 'day');
  }

  /** The unread-messages email digest: fans out one job per user with messages unread for over an hour. */
  @Recurring('notifications', 'message-digests', '0 */15 * * * *')
  messageDigests(): Promise<string | null> {
    return this.scheduled.enqueue('notifications', 'message-digests', 'quarter-hour');
  }

  /** Month-end close: acts on the last day of a month, and closes a missed month any day. */
  @Recurring('payouts', 'month-end', '0 0 23 * * *')
  monthEnd(): Promise<string | null> {
    return this.scheduled.enqueue('payouts', 'month-end', 'day');
  }
}

export interface JobSchedule {
  queue: QueueName;
  name: string;
  /** Cron pattern with seconds, UTC. */
  cron: string;
  /** The RecurringJobs method that ticks it (what the cron calls). */
  method: keyof RecurringJobs;
}

/** The recurring jobs as declared on RecurringJobs, for logs and tests. */
export const JOB_SCHEDULES: JobSchedule[] = (
  Object.getOwnPropertyNames(RecurringJobs.prototype) as JobSchedule['method'][]
).flatMap((method) => {
  const declared = new Reflector().get<Omit<JobSchedule, 'method'> | undefined>(
    RECURRING_JOB,
    RecurringJobs.prototype[method],
  );
  return declared ? [{ ...declared, method }] : [];
});
