import type { DefaultJobOptions } from 'bullmq';

/** Every queue, its jobs and their payloads. Producers and consumers both type against this. */
export interface JobCatalogue {
  notifications: {
    'send-email': SendEmailJob;
  };
  maintenance: {
    'purge-expired': Record<string, never>;
  };
  media: {
    /** Probe, thumbnail and strip metadata of one uploaded file (idempotent). */
    'process-media': { mediaId: string };
  };
  moderation: {
    /** Every minute: warn moderators a quarter before a case deadline, escalate and record breaches after. */
    'check-deadlines': Record<string, never>;
    /** Daily: last month's compliance report (due by the 5th) and last quarter's internal audit, once each. */
    'compliance-reports': Record<string, never>;
  };
}

export interface SendEmailJob {
  to: string;
  template: string;
  variables: Record<string, string>;
}

export type QueueName = keyof JobCatalogue;
export type JobName<Q extends QueueName> = keyof JobCatalogue[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobCatalogue[Q][N];
/** What a consumer receives: the payload plus the id of the outbox row that carried it. */
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobPayload<Q, N> & { messageId?: string };

export const QUEUE_NAMES: QueueName[] = ['notifications', 'maintenance', 'moderation', 'media'];

/** One recurring job: milliseconds between runs, or a cron pattern (UTC). */
export type JobSchedule = { [Q in QueueName]: { queue: Q; name: JobName<Q>; every?: number; pattern?: string } }[QueueName];

/**
 * Recurring jobs, registered by every worker with BullMQ's upsertJobScheduler (idempotent: many
 * workers, one schedule). Their handlers must be safe to run twice for the same period.
 */
export const JOB_SCHEDULES: JobSchedule[] = [
  { queue: 'moderation', name: 'check-deadlines', every: 60_000 },
  { queue: 'moderation', name: 'compliance-reports', pattern: '10 0 * * *' },
];

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
