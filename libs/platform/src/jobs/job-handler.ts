import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobData, JobName, QueueName } from './job-catalogue.js';

export const JOB_HANDLER_METADATA = 'fanmint:job-handler';

export interface JobHandlerTarget {
  queue: QueueName;
  name: string;
}

/** Marks a provider as the consumer of one job of the catalogue; only the worker runs it. */
export const JobHandler = <Q extends QueueName>(queue: Q, name: JobName<Q>) =>
  SetMetadata(JOB_HANDLER_METADATA, { queue, name } satisfies JobHandlerTarget);

export interface JobProcessor<Q extends QueueName, N extends JobName<Q>> {
  handle(data: JobData<Q, N>, job: Job): Promise<unknown>;
}
