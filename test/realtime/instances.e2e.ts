import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { InstanceLiveness, RealtimePublisher, TopicPolicies } from '#app/realtime';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import {
  FAST_REALTIME_ENV,
  TestRooms,
  quickUser,
  realtimeClient,
  subscribe,
  subscribeAll,
  waitUntil,
} from './support.js';

/**
 * Two api instances on one database (and one Redis namespace): broadcasts, presence and server
 * events cross between them, on both buses (contract §7, §8 scenario 11).
 */
describe.each(['redis', 'postgres'] as const)('two api instances, %s bus', (bus) => {
  let a: TestPlatform;
  let b: TestPlatform;
  const rooms = new TestRooms();
  const clients: { disconnect(): Promise<unknown> }[] = [];
  type User = Awaited<ReturnType<typeof quickUser>>;
  let ana: User;
  let ben: User;
  const client = (platform: TestPlatform, user: User) => {
    const made = realtimeClient(platform.baseUrl, { token: user.token }).client;
    clients.push(made);
    return made;
  };
  const prefix = `rt${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // One secret and one Redis namespace, as instances behind a load balancer share.
    const env = { ...FAST_REALTIME_ENV, JWT_SECRET: randomBytes(32).toString('hex'), REDIS_PREFIX: prefix };
    [a, b] = await Promise.all([
      // No worker: its publisher is the api's code, and the live-notice suites (purchase-notifications,
      // moderation-cases) see its publishes arrive end to end.
      startTestPlatform({ queueBackend: bus, acquirer: false, worker: false, env }),
      startTestPlatform({ queueBackend: bus, acquirer: false, worker: false, env }),
    ]);
    for (const platform of [a, b]) platform.api.get(TopicPolicies).register('testroom', rooms);
    [ana, ben] = await Promise.all([quickUser(a), quickUser(b)]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((made) => made.disconnect().catch(() => undefined)));
    await Promise.all([a?.close(), b?.close()]);
  });

  it('carries broadcasts both ways, with acks, and a payload too large for one NOTIFY', async () => {
    const room = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const onA = client(a, ana).channel(room, { config: { private: true, broadcast: { ack: true } } });
    const onB = client(b, ben).channel(room, { config: { private: true, broadcast: { ack: true } } });
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    onA.on('broadcast', { event: 'client:say' }, (message) => atA.push(message.payload));
    onB.on('broadcast', { event: 'client:say' }, (message) => atB.push(message.payload));
    expect((await Promise.all([subscribe(onA), subscribe(onB)])).map((result) => result.status)).toEqual([
      'SUBSCRIBED',
      'SUBSCRIBED',
    ]);

    expect(await onA.send({ type: 'broadcast', event: 'client:say', payload: { from: 'A' } })).toBe('ok');
    expect(await onB.send({ type: 'broadcast', event: 'client:say', payload: { from: 'B' } })).toBe('ok');
    const large = { from: 'A', text: 'x'.repeat(20_000) };
    expect(await onA.send({ type: 'broadcast', event: 'client:say', payload: large })).toBe('ok');
    await waitUntil(() => atB.length === 2 && atA.length === 1, 'the broadcasts on the other instance');
    expect(atB).toEqual([{ from: 'A' }, large]);
    expect(atA).toEqual([{ from: 'B' }]);
    if (bus === 'postgres') {
      const [{ stored }] = await a.api
        .get(MikroORM)
        .em.fork()
        .execute<{ stored: number }[]>(
          `select count(*)::int as stored from realtime_bus_messages where envelope like ?`,
          ['%xxxxxxxxxx%'],
        );
      expect(stored).toBeGreaterThanOrEqual(1);
    }
  });

  it('shares presence: diffs cross, and a late joiner on the other instance gets the state', async () => {
    const room = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const tracker = client(a, ana).channel(room, { config: { private: true, presence: { key: 'ana' } } });
    const watcher = client(b, ben).channel(room, { config: { private: true, presence: { key: 'ben' } } });
    watcher.on('presence', { event: 'sync' }, () => undefined);
    expect((await Promise.all([subscribe(tracker), subscribe(watcher)])).map((result) => result.status)).toEqual([
      'SUBSCRIBED',
      'SUBSCRIBED',
    ]);
    expect(await tracker.track({ name: 'Ana' })).toBe('ok');
    await waitUntil(() => watcher.presenceState().ana, "Ana's meta at B");

    const late = client(b, ben).channel(room, { config: { private: true, presence: { key: 'ben-late' } } });
    late.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(late)).status).toBe('SUBSCRIBED');
    await waitUntil(
      () => late.presenceState<{ name: string }>().ana?.[0]?.name === 'Ana',
      'the state for the late joiner',
    );
    expect(await tracker.untrack()).toBe('ok');
    await waitUntil(() => !watcher.presenceState().ana && !late.presenceState().ana, 'the leave at B');
  });

  it('delivers server events published by either api, and closes on a revocation from the other instance', async () => {
    const onA = client(a, ana).channel(`user:${ana.userId}`, { config: { private: true } });
    const onB = client(b, ben).channel(`user:${ben.userId}`, { config: { private: true } });
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    onA.on('broadcast', { event: 'notice' }, (message) => atA.push(message.payload));
    onB.on('broadcast', { event: 'notice' }, (message) => atB.push(message.payload));
    const statusesB = subscribeAll(onB);
    expect((await subscribe(onA)).status).toBe('SUBSCRIBED');
    await waitUntil(() => statusesB[0]?.status === 'SUBSCRIBED', 'the join at B');

    await b.api.get(RealtimePublisher).publish(`user:${ana.userId}`, 'notice', { by: 'api B' });
    await a.api.get(RealtimePublisher).publish(`user:${ben.userId}`, 'notice', { by: 'api A' });
    await waitUntil(() => atA.length === 1 && atB.length === 1, 'both server events');
    expect(atA).toEqual([{ by: 'api B' }]);
    expect(atB).toEqual([{ by: 'api A' }]);

    await a.api.get(RealtimePublisher).revoke(`user:${ben.userId}`, ben.userId);
    await waitUntil(() => statusesB.find((entry) => entry.status === 'CLOSED'), 'the revocation at B');
  });

  it("purges a dead instance's presence and tells every member it left", async () => {
    const roomId = rooms.room(ben.userId);
    const topic = `testroom:${roomId}`;
    const ghost = randomUUID();
    const meta = { name: 'Ghost', phx_ref: `ghost-${randomBytes(4).toString('hex')}` };
    if (bus === 'postgres') {
      const db = a.api.get(MikroORM).em.fork();
      await db.execute(`insert into realtime_instances (id, seen_at) values (?, now() - interval '1 hour')`, [ghost]);
      await db.execute(
        `insert into realtime_presence (topic, subscription_id, instance_id, presence_key, meta) values (?, ?, ?, 'ghost', ?)`,
        [topic, randomUUID(), ghost, JSON.stringify(meta)],
      );
    } else {
      const redis = new Redis(a.config.REDIS_URL!);
      await redis.zadd(`${prefix}:realtime:instances`, 1, ghost);
      await redis.hset(
        `${prefix}:realtime:presence:${topic}`,
        randomUUID(),
        JSON.stringify({ instance: ghost, key: 'ghost', meta }),
      );
      await redis.sadd(`${prefix}:realtime:instance-topics:${ghost}`, topic);
      await redis.quit();
    }
    const watcher = client(b, ben).channel(topic, { config: { private: true, presence: { key: 'ben' } } });
    const left: string[] = [];
    watcher.on('presence', { event: 'leave' }, ({ key }: { key: string }) => left.push(key));
    expect((await subscribe(watcher)).status).toBe('SUBSCRIBED');
    await waitUntil(() => watcher.presenceState().ghost, "the dead instance's meta in the state");

    await a.api.get(InstanceLiveness).beat();
    await waitUntil(() => left.includes('ghost') && !watcher.presenceState().ghost, 'the purge announced');
  });
});
