import { Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { QueueFactory } from './queue-factory.js';
import { JOB_HANDLER_METADATA, type JobHandlerTarget } from './job-handler.js';
import type { QueueName } from './job-catalogue.js';

type Handle = (data: never, job: Job) => Promise<unknown>;

/** Finds every @JobHandler provider and starts one BullMQ worker per queue that has any. */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(QueueFactory) private readonly queues: QueueFactory,
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
      const worker = this.queues.worker(queue, async (job) => {
        const handle = handlers.get(job.name);
        if (!handle) throw new Error(`No handler for job ${queue}/${job.name}`);
        return handle(job.data as never, job);
      });
      worker.on('failed', (job, error) => this.logger.warn(`Job ${queue}/${job?.name} #${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`));
      worker.on('error', (error) => this.logger.error(`Worker ${queue}: ${error.message}`));
    }
    return [...byQueue.keys()];
  }
}
