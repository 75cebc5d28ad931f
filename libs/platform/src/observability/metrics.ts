import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every metric name starts with this, so ours sort together and never clash with a library's. */
export const METRIC_PREFIX = 'fanmint_';

let processRegistry: Registry | null = null;

/**
 * Node's default metrics (event-loop lag, heap, GC, CPU) belong to the process, not to one
 * application: collected once, however many applications a process boots (the tests boot many).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/**
 * The application's own metrics, in a registry of its own (the tests run an api and a worker in
 * one process, and each must show only its own numbers), served with the process's default ones.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;

  readonly httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: `${METRIC_PREFIX}job_duration_seconds`,
    help: 'Job runs by queue, job name and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: `${METRIC_PREFIX}job_failures_total`,
    help: 'Job attempts that threw, by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  /** The text of a scrape: the process's default metrics, then this application's. */
  async text(): Promise<string> {
    const [process, own] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${own}`;
  }

  /** Times one job attempt; the outcome labels the duration and a failure counts once more. */
  async timeJob<T>(queue: string, job: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobDuration.startTimer({ queue, job });
    try {
      const result = await run();
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      this.jobFailures.inc({ queue, job });
      throw error;
    }
  }
}
