import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { MetricsServer, QUEUE_NAMES, QueueFactory } from '#app/platform';
import {
  clientIp,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  waitFor,
  type TestPlatform,
} from '#app/testing';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(['postgres', 'redis'] as const)('metrics and request ids (%s queues)', (queueBackend) => {
  let platform: TestPlatform;
  const logLines: Record<string, unknown>[] = [];

  const metricsUrl = (process: 'api' | 'worker') => {
    const app = process === 'api' ? platform.api : platform.worker!;
    return `http://127.0.0.1:${app.get(MetricsServer).port}/metrics`;
  };
  const scrape = async (process: 'api' | 'worker') => {
    const response = await fetch(metricsUrl(process), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  /** The value of one sample line, or undefined when the series is absent. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      queueBackend,
      acquirer: false,
      env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, LOG_LEVEL: 'debug' },
      logSink: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>),
    });
    // As the processes' main.ts do.
    await platform.api.get(MetricsServer).start();
    await platform.worker!.get(MetricsServer).start();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('serves /metrics only on the metrics port, behind the bearer token', async () => {
    expect((await fetch(`${platform.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${platform.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
    for (const process of ['api', 'worker'] as const) {
      expect((await fetch(metricsUrl(process))).status).toBe(401);
      expect(
        (await fetch(metricsUrl(process), { headers: { authorization: 'Bearer not-the-token-at-all-000000' } })).status,
      ).toBe(401);
      expect(
        (
          await fetch(metricsUrl(process).replace('/metrics', '/other'), {
            headers: { authorization: `Bearer ${TOKEN}` },
          })
        ).status,
      ).toBe(404);
      // The probe path answers without the token (a worker's only HTTP door) and says nothing else.
      const live = await fetch(metricsUrl(process).replace('/metrics', '/health/live'));
      expect([live.status, await live.text()]).toEqual([200, 'ok\n']);
      const text = await scrape(process);
      expect(text).toContain('fanmint_nodejs_eventloop_lag_seconds');
      expect(text).toMatch(/^fanmint_db_pool_connections\{state="total"\} \d+$/m);
      expect(text).toMatch(/^fanmint_db_pool_connections\{state="waiting"\} \d+$/m);
    }
  });

  it('times requests by route template and status, never by raw path', async () => {
    const id = randomUUID();
    const response = await fetch(`${platform.baseUrl}/api/content/${id}`);
    expect(response.status).toBe(401);
    await fetch(`${platform.baseUrl}/no/such/page/${id}.txt`);
    const text = await scrape('api');
    expect(
      sample(text, 'fanmint_http_request_duration_seconds_count{method="GET",route="/api/content/:id",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain(id);
  });

  it('carries the request id from the sign-up request into the worker log of its send-email job', async () => {
    const requestId = `signup-${randomUUID()}`;
    const email = uniqueEmail('metrics');
    const response = await fetch(`${platform.baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), 'x-request-id': requestId },
      body: JSON.stringify({ email, password: STRONG_PASSWORD, data: signupMetadata() }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await platform.inbox.waitFor(email, /Confirm your Fanmint email/);
    await platform.drain();

    // Both apps share this process, so Nest's static logger names the last one started: match by context, not service.
    const lines = logLines
      .filter((line) => line.requestId === requestId)
      .map((line) => `${String(line.context)}: ${String(line.msg)}`);
    expect(lines).toContainEqual(expect.stringMatching(/^Http: POST \/auth\/v1\/signup 200 \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^SendEmailJob: Sent "confirm-signup" email \(message \d+\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^JobRunner: Job notifications\/send-email #\S+ done$/));

    const text = await scrape('worker');
    expect(
      sample(text, 'fanmint_job_duration_seconds_count{queue="notifications",job="send-email",outcome="completed"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('makes a request id when the caller sends none or an unsafe one', async () => {
    const none = await fetch(`${platform.baseUrl}/api/content/${randomUUID()}`);
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await fetch(`${platform.baseUrl}/api/content/${randomUUID()}`, {
      headers: { 'x-request-id': 'a b"c' },
    });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports queue depth for every queue and the outbox lag from the worker', async () => {
    const em = platform.api.get(MikroORM).em.fork();
    // A row the relay leaves alone for now (available later), written a minute ago. No product path delays an outbox
    // row, and the lag is read from the database's clock (which neither the Clock nor timeTravel reaches): a stuck
    // relay is simulated here, and the row removed again.
    const [{ id }] = await em.execute<{ id: string }[]>(
      `insert into outbox_message (queue, job_name, payload, created_at, available_at, attempts)
       values ('maintenance', 'purge-expired', '{}', now() - interval '60 seconds', now() + interval '1 hour', 0) returning id`,
    );
    try {
      const text = await scrape('worker');
      for (const queue of QUEUE_NAMES) {
        for (const state of ['waiting', 'active', 'delayed', 'failed'])
          expect(sample(text, `fanmint_queue_jobs{queue="${queue}",state="${state}"}`)).toBeGreaterThanOrEqual(0);
        expect(sample(text, `fanmint_queue_oldest_waiting_age_seconds{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, 'fanmint_outbox_unpublished_messages')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fanmint_outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(59);
    } finally {
      await em.execute(`delete from outbox_message where id = ?`, [id]);
    }
  });

  it('shows the age of the oldest waiting job, failed jobs and the failure counter', async () => {
    const queues = platform.worker!.get(QueueFactory);
    let text = '';
    // The media consumer knows no job of this name: the attempt fails once, with no retry.
    await queues.queue('media').add('no-such-job' as never, {}, { attempts: 1 });
    await waitFor(
      async () => {
        text = await scrape('worker');
        const failed = sample(text, 'fanmint_queue_jobs{queue="media",state="failed"}') ?? 0;
        return sample(text, 'fanmint_job_failures_total{queue="media",job="no-such-job"}') === 1 && failed >= 1;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    ).catch(() => undefined);
    expect(sample(text, 'fanmint_job_failures_total{queue="media",job="no-such-job"}')).toBe(1);
    expect(sample(text, 'fanmint_job_duration_seconds_count{queue="media",job="no-such-job",outcome="failed"}')).toBe(
      1,
    );
    expect(sample(text, 'fanmint_queue_jobs{queue="media",state="failed"}')).toBeGreaterThanOrEqual(1);

    // No worker consumes the maintenance queue (nothing queues on it yet): a job there waits and ages.
    const job = await queues.queue('maintenance').add('purge-expired', {}, { jobId: `metrics-${randomUUID()}` });
    try {
      await waitFor(
        async () => {
          text = await scrape('worker');
          return (sample(text, 'fanmint_queue_oldest_waiting_age_seconds{queue="maintenance"}') ?? 0) >= 1;
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      ).catch(() => undefined);
      expect(sample(text, 'fanmint_queue_oldest_waiting_age_seconds{queue="maintenance"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fanmint_queue_jobs{queue="maintenance",state="waiting"}')).toBe(1);
    } finally {
      await job.remove();
    }
  });
});
