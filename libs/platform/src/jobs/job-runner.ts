import { Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { QueueFactory } from './queue-factory.js';
import { JOB_HANDLER_METADATA, type JobHandlerTarget } from './job-handler.js';
import type { QueueName } from './job-catalogue.js';
import { Metrics } from '../observability/metrics.js';
import { isRequestId, runWithRequestId } from '../observability/request-context.js';

type Handle = (data: never, job: Job) => Promise<unknown>;

/**
 * Jobs a release stopped declaring, and what does their work now. One queued before the deploy
 * (a recurring tick, a retry) is finished with a note instead of failing for want of a handler.
 */
export const RETIRED_JOBS: Readonly<Record<string, string>> = {
  'moderation/audit-partitions': 'moderation/keep-partitions',
};

/** Finds every @JobHandler provider and starts one BullMQ worker per queue that has any. */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(QueueFactory) private readonly queues: QueueFactory,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  start(): QueueName[] {
    const byQueue = new Map<QueueName, Map<string, Handle>>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.metatype || !wrapper.instance) continue;
      const target = this.reflector.get<JobHandlerTarget | undefined>(JOB_HANDLER_METADATA, wrapper.metatype);
      if (!target) continue;
      const handlers = byQueue.get(target.queue) ?? new Map<string, Handle>();
      handlers.set(target.name, (wrapper.instance as { handle: Handle }).handle.bind(wrapper.instance));
      byQueue.set(target.queue, handlers);
    }
    for (const [queue, handlers] of byQueue) {
      const worker = this.queues.worker(queue, (job) => this.run(queue, handlers, job));
      worker.on('failed', (job, error) => {
        const log = () =>
          this.logger.warn(
            `Job ${queue}/${job?.name} #${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`,
          );
        if (job) runWithRequestId(requestIdOf(queue, job), log);
        else log();
      });
      worker.on('error', (error) => this.logger.error(`Worker ${queue}: ${error.message}`));
    }
    return [...byQueue.keys()];
  }

  /** One attempt, timed, in the context of the request that caused the job (or of the job itself). */
  private run(queue: QueueName, handlers: Map<string, Handle>, job: Job): Promise<unknown> {
    return runWithRequestId(requestIdOf(queue, job), () =>
      this.metrics.timeJob(queue, job.name, async () => {
        const handle = handlers.get(job.name);
        const successor = RETIRED_JOBS[`${queue}/${job.name}`];
        if (!handle && successor) {
          this.logger.log(
            `Job ${queue}/${job.name} #${job.id} is retired (${successor} does its work): finished without running`,
          );
          return { retired: true, successor };
        }
        if (!handle) throw new Error(`No handler for job ${queue}/${job.name}`);
        const result = await handle(job.data as never, job);
        this.logger.debug(`Job ${queue}/${job.name} #${job.id} done`);
        return result;
      }),
    );
  }
}

/** The request the job came from (re-checked: job data is not trusted), else one made from the job. */
function requestIdOf(queue: QueueName, job: Job): string {
  const carried = (job.data as { requestId?: unknown } | undefined)?.requestId;
  return isRequestId(carried) ? carried : `job:${queue}:${job.id}`;
}
