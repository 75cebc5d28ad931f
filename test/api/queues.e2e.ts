import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { Outbox, OutboxRelay, QueueFactory } from '#app/platform';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '#app/testing';

const backends: ('postgres' | 'redis')[] = ['postgres'];
if (process.env.TEST_REDIS_URL) backends.push('redis');
else if (process.env.CI === 'true')
  throw new Error('TEST_REDIS_URL is required in CI: the Redis queue suite may not be skipped');
else console.warn('Redis not available: the Redis queue suite is skipped');

describe.each(backends)('outbox, relay and email jobs on the %s queue backend', (backend) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ queueBackend: backend });
  });

  afterAll(async () => {
    await platform?.close();
  });

  async function enqueueEmail(to: string, commit = true): Promise<string> {
    const em = platform.api.get(MikroORM).em.fork();
    const outbox = platform.api.get(Outbox);
    let id = '';
    await em
      .transactional(async (tx) => {
        outbox.enqueue(tx, 'notifications', 'send-email', {
          to,
          template: 'confirm-signup',
          variables: { confirmUrl: 'https://example.test/x' },
        });
        await tx.flush();
        const [row] = await tx.execute<{ id: string }[]>(`select max(id)::text as id from outbox_message`);
        id = row.id;
        if (!commit) throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (commit || error.message !== 'roll back') throw error;
      });
    return id;
  }

  it('reports its backend on /health', async () => {
    const health = await (await fetch(`${platform.baseUrl}/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      checks: { database: 'up', mail: 'up', queue: { status: 'up', backend } },
    });
  });

  it('delivers a committed outbox message exactly once', async () => {
    const to = uniqueEmail('queue');
    const id = await enqueueEmail(to);
    await platform.drain();
    expect(platform.inbox.for(to)).toHaveLength(1);
    // Its Message-ID is the outbox message's, so a repeat after a crash reads as the same message.
    expect(platform.inbox.for(to)[0].messageId).toBe(`<notifications.send-email.${id}@fanmint.local>`);
  });

  it('publishes nothing when the transaction that wrote the message rolls back', async () => {
    const to = uniqueEmail('rollback');
    await enqueueEmail(to, false);
    await platform.drain();
    expect(platform.inbox.for(to)).toHaveLength(0);
  });

  it('retries a failed delivery with backoff until the mail server accepts it', async () => {
    const to = uniqueEmail('retry');
    platform.inbox.failNext = 1;
    await enqueueEmail(to);
    const mail = await platform.inbox.waitFor(to, /Confirm/, { timeoutMs: 20_000 });
    expect(mail.subject).toBe('Confirm your Fanmint email address');
    expect(platform.inbox.failNext).toBe(0);
    expect(platform.inbox.for(to)).toHaveLength(1);
  });

  it('skips a message delivered twice (at-least-once relay) instead of mailing it again', async () => {
    const to = uniqueEmail('twice');
    const id = await enqueueEmail(to);
    await platform.drain();
    expect(platform.inbox.for(to)).toHaveLength(1);

    // Simulate the relay crashing after publishing but before marking the row: it publishes again.
    const em = platform.api.get(MikroORM).em.fork();
    await em.execute(`update outbox_message set published_at = null where id = ?`, [id]);
    const queue = platform.worker!.get(QueueFactory).queue('notifications');
    await queue.remove(`outbox-${id}`);
    await platform.worker!.get(OutboxRelay).relayOnce();
    await platform.drain();
    expect(platform.inbox.for(to)).toHaveLength(1);
  });

  it('finishes a job of a retired name queued before a deploy, and still fails one nobody ever declared', async () => {
    const queue = platform.api.get(QueueFactory).queue('moderation');
    const retired = await queue.add('audit-partitions', {});
    const unknown = await queue.add('no-such-job', {}, { attempts: 1 });
    await platform.drain();
    expect(await queue.getJobState(retired.id!)).toBe('completed');
    expect((await queue.getJob(retired.id!))?.returnvalue).toEqual({
      retired: true,
      successor: 'moderation/keep-partitions',
    });
    expect(await queue.getJobState(unknown.id!)).toBe('failed');
    await queue.remove(unknown.id!);
  });

  it('lets several relays run at once without publishing a row twice', async () => {
    const recipients = Array.from({ length: 20 }, () => uniqueEmail('fan-out'));
    for (const to of recipients) await enqueueEmail(to);
    const relay = platform.worker!.get(OutboxRelay);
    const second = new OutboxRelay(platform.api.get(MikroORM), platform.worker!.get(QueueFactory));
    await Promise.all([relay.relayOnce(5), second.relayOnce(5), relay.relayOnce(5), second.relayOnce(5)]);
    await platform.drain();
    for (const to of recipients) expect(platform.inbox.for(to)).toHaveLength(1);
  });
});

describe('two installations sharing one PostgreSQL database (no Redis)', () => {
  let first: TestPlatform;
  let second: TestPlatform;

  beforeAll(async () => {
    first = await startTestPlatform({ worker: false });
    second = await startTestPlatform();
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('keep their job queues apart, each in its own QUEUE_SCHEMA', async () => {
    expect(first.config.QUEUE_SCHEMA).not.toBe(second.config.QUEUE_SCHEMA);
    const to = uniqueEmail('other-install');
    const job = await first.api
      .get(QueueFactory)
      .queue('notifications')
      .add('send-email', { to, template: 'confirm-signup', variables: { confirmUrl: 'https://example.test/x' } });

    await second.drain();
    expect(second.inbox.for(to)).toHaveLength(0);
    expect(await job.getState()).toBe('waiting');
    const em = first.api.get(MikroORM).em.fork();
    const rows = await em.execute<{ schema: string }[]>(
      `select table_schema as schema from information_schema.tables where table_name = 'job' and table_schema in (?, ?) order by 1`,
      [first.config.QUEUE_SCHEMA, second.config.QUEUE_SCHEMA],
    );
    expect(rows.map((row) => row.schema).sort()).toEqual(
      [first.config.QUEUE_SCHEMA, second.config.QUEUE_SCHEMA].sort(),
    );
    const [{ count }] = await em.execute<{ count: number }[]>(
      `select count(*)::int as count from "${first.config.QUEUE_SCHEMA}".job where id = ?`,
      [job.id],
    );
    expect(count).toBe(1);
  });

  it('say where an expected mail got stuck when it never arrives', async () => {
    const to = uniqueEmail('stuck');
    second.inbox.failNext = 100;
    try {
      await second.api
        .get(MikroORM)
        .em.fork()
        .transactional(async (tx) => {
          second.api.get(Outbox).enqueue(tx, 'notifications', 'send-email', {
            to,
            template: 'confirm-signup',
            variables: { confirmUrl: 'https://example.test/x' },
          });
          await tx.flush();
        });
      const error = await second.inbox.waitFor(to, /Confirm/, { timeoutMs: 3_000 }).catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        new RegExp(`confirm-signup to ${to.replace(/[.+]/g, '\\$&')}: (delayed|waiting|active), \\d attempt\\(s\\)`),
      );
      expect((error as Error).message).toContain('Try again later');
    } finally {
      second.inbox.failNext = 0;
    }
    await second.inbox.waitFor(to, /Confirm/, { timeoutMs: 20_000 });
  });
});
