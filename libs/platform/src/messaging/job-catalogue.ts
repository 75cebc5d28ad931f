import type { DefaultJobOptions } from 'bullmq';

/** Every queue, its jobs and their payloads. Producers and consumers both type against this. */
export interface JobCatalogue {
  notifications: {
    'send-email': SendEmailJob;
  };
  maintenance: {
    'purge-expired': Record<string, never>;
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

export const QUEUE_NAMES: QueueName[] = ['notifications', 'maintenance'];

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
