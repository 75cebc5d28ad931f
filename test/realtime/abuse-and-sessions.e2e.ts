import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { RealtimePublisher, TopicPolicies } from '#app/realtime';
import { Metrics } from '#app/platform';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeUserRoleCommand } from '#app/identity';
import { STRONG_PASSWORD, authClient, startTestPlatform, type TestPlatform } from '#app/testing';
import {
  FAST_REALTIME_ENV,
  TestRooms,
  quickModerator,
  quickUser,
  rawClient,
  realtimeClient,
  sleep,
  subscribe,
  subscribeAll,
  waitUntil,
} from './support.js';

/**
 * Two hardening points of /realtime/v1, with the official client: a socket's allowance of client
 * broadcasts and presence messages (25 a second, bursts of 50; then an error reply; 50 dropped within
 * 10 s close its channels and the socket), and ended sessions (sign-out, sign-out everywhere, password
 * change) closing the channels they hold on every api instance.
 */
type User = Awaited<ReturnType<typeof quickUser>>;
const RATE_LIMIT_REASON = 'MessagePerSecondRateLimitReached: Too many messages per second';

const systemMessages = (channel: RealtimeChannel) => {
  const got: { message: string; status: string; extension: string; channel: string }[] = [];
  channel.on('system', {}, (payload) => got.push(payload as (typeof got)[number]));
  return got;
};
const received = (channel: RealtimeChannel, event: string) => {
  const got: unknown[] = [];
  channel.on('broadcast', { event }, (message) => got.push(message.payload));
  return got;
};
/** The error replies the client logged for pushes on `topic` (realtime-js logs every frame it receives). */
const errorReplies = (log: { kind: string; msg: string; data: unknown }[], topic: string) =>
  log
    .filter((entry) => entry.kind === 'receive' && entry.msg.startsWith(`error realtime:${topic} phx_reply`))
    .map((entry) => entry.data as { status: string; response: { reason?: string } });

describe('the per-socket allowance of client events (one instance)', () => {
  let platform: TestPlatform;
  const rooms = new TestRooms();
  const clients: { disconnect(): Promise<unknown> }[] = [];
  const client = (user: User) => {
    const made = realtimeClient(platform.baseUrl, { token: user.token });
    clients.push(made.client);
    return made;
  };
  let ana: User;
  let ben: User;

  beforeAll(async () => {
    platform = await startTestPlatform({ worker: false, acquirer: false, env: FAST_REALTIME_ENV });
    platform.api.get(TopicPolicies).register('testroom', rooms);
    [ana, ben] = await Promise.all([quickUser(platform), quickUser(platform)]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((made) => made.disconnect().catch(() => undefined)));
    await platform?.close();
  });

  it('drops broadcasts and presence over the allowance with an error reply, delivers none of them, and keeps the channel', async () => {
    const room = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const { client: anaClient, log } = client(ana);
    const sender = anaClient.channel(room, { config: { private: true, broadcast: { ack: true } } });
    const receiver = client(ben).client.channel(room, { config: { private: true } });
    const got = received(receiver, 'client:typing');
    const statuses = subscribeAll(sender);
    expect((await subscribe(receiver)).status).toBe('SUBSCRIBED');
    await waitUntil(() => statuses[0]?.status === 'SUBSCRIBED', 'the sender joined');

    // 70 at once: the burst of 50 (and the few the bucket refills meanwhile) go out, the rest are refused.
    const sends = Array.from({ length: 70 }, (_, seq) =>
      sender.send({ type: 'broadcast', event: 'client:typing', payload: { seq } }),
    );
    // Right behind them, while the bucket is empty: a presence track is refused the same way (and not counted as a track).
    const track = sender.track({ name: 'Ana' });
    const answers = await Promise.all(sends);
    const ok = answers.filter((answer) => answer === 'ok').length;
    expect(ok).toBeGreaterThanOrEqual(50);
    expect(ok).toBeLessThan(60);
    expect(answers.filter((answer) => answer === 'error').length).toBe(70 - ok);
    expect(await track).toBe('error');
    expect(errorReplies(log, room).map((reply) => reply.response.reason)).toEqual(
      Array.from({ length: 70 - ok + 1 }, () => RATE_LIMIT_REASON),
    );
    await waitUntil(() => got.length === ok, 'the accepted broadcasts at Ben');

    // A second later the bucket holds ~25 again (the refill over time is what is shown): the channel was never closed.
    await sleep(1000);
    expect(await sender.send({ type: 'broadcast', event: 'client:typing', payload: { seq: 'after' } })).toBe('ok');
    expect(await sender.track({ name: 'Ana' })).toBe('ok');
    expect(statuses.map((entry) => entry.status)).toEqual(['SUBSCRIBED']);
    // The same sender on the same channel: once this one is here, no refused one can still come before it.
    await waitUntil(() => got.length > ok, 'the broadcast after the pause');
    expect(got).toHaveLength(ok + 1);
    expect(got.at(-1)).toEqual({ seq: 'after' });
  });

  it('closes every channel of a socket that keeps sending (system error, then CLOSED, never rejoined) and the socket with 1008', async () => {
    const roomA = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const roomB = `testroom:${rooms.room(ana.userId)}`;
    const { client: anaClient } = client(ana);
    const flooding = anaClient.channel(roomA, { config: { private: true } });
    const bystander = anaClient.channel(roomB, { config: { private: true } });
    const [floodingSystem, bystanderSystem] = [systemMessages(flooding), systemMessages(bystander)];
    const [floodingStatuses, bystanderStatuses] = [subscribeAll(flooding), subscribeAll(bystander)];
    const watcher = client(ben).client.channel(roomA, { config: { private: true } });
    const got = received(watcher, 'client:spam');
    expect((await subscribe(watcher)).status).toBe('SUBSCRIBED');
    await waitUntil(
      () => floodingStatuses[0]?.status === 'SUBSCRIBED' && bystanderStatuses[0]?.status === 'SUBSCRIBED',
      'both joins',
    );

    // Without ack the client expects no reply: 50 go out, the next 50 are dropped, and the 50th drop ends it.
    for (let seq = 0; seq < 150; seq++)
      void flooding.send({ type: 'broadcast', event: 'client:spam', payload: { seq } });
    await waitUntil(
      () =>
        floodingStatuses.some((entry) => entry.status === 'CLOSED') &&
        bystanderStatuses.some((entry) => entry.status === 'CLOSED'),
      'both channels closed',
    );
    const notice = { extension: 'system', status: 'error', message: 'Too many messages per second' };
    expect(floodingSystem[0]).toEqual({ ...notice, channel: roomA });
    expect(bystanderSystem[0]).toEqual({ ...notice, channel: roomB });
    // A marker published after both channels closed takes the same bus as the flood: once it is at the watcher,
    // every broadcast of the flood that was let through is there too.
    const markers = received(watcher, 'marker');
    await platform.api.get(RealtimePublisher).publish(roomA, 'marker', {});
    await waitUntil(() => markers.length, 'the marker after the flood');
    expect(got.length).toBeGreaterThanOrEqual(50);
    expect(got.length).toBeLessThan(60);
    // Closed channels are not rejoined when the client reconnects.
    expect(anaClient.getChannels()).toHaveLength(0);

    // The socket itself: closed by the server with 1008 (a raw socket shows the code).
    const raw = await rawClient(platform.baseUrl);
    const topic = `realtime:${roomA}`;
    const joined = raw.join(topic, ana.token);
    expect((await raw.replyTo(joined))[4].status).toBe('ok');
    for (let seq = 0; seq < 150; seq++)
      raw.push(topic, 'broadcast', { type: 'broadcast', event: 'client:spam', payload: { seq } }, joined);
    expect(await raw.closed).toEqual({ code: 1008, reason: 'Too many messages per second' });
    expect(raw.received.filter((frame) => frame[3] === 'phx_close')).toEqual([
      [joined, joined, topic, 'phx_close', {}],
    ]);

    const text = await platform.api.get(Metrics).text();
    const sample = (series: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.split(' ')[1],
      );
    expect(sample('fanmint_realtime_events_rate_limited_total{outcome="dropped"}')).toBeGreaterThanOrEqual(100);
    expect(sample('fanmint_realtime_events_rate_limited_total{outcome="abusive"}')).toBe(2);
  });
});

describe.each(['redis', 'postgres'] as const)(
  'ended sessions close their channels on every instance, %s bus',
  (bus) => {
    let a: TestPlatform;
    let b: TestPlatform;
    const clients: { disconnect(): Promise<unknown> }[] = [];
    const channelOf = (platform: TestPlatform, token: string, userId: string) => {
      const made = realtimeClient(platform.baseUrl, { token }).client;
      clients.push(made);
      const channel = made.channel(`user:${userId}`, { config: { private: true } });
      return {
        channel,
        system: systemMessages(channel),
        statuses: subscribeAll(channel),
        notices: received(channel, 'notice'),
      };
    };
    const subscribed = (...watched: { statuses: { status: string }[] }[]) =>
      waitUntil(() => watched.every((entry) => entry.statuses[0]?.status === 'SUBSCRIBED'), 'the joins').catch(
        (error: Error) => {
          throw new Error(`${error.message}: ${JSON.stringify(watched.map((entry) => entry.statuses))}`);
        },
      );
    const closed = (entry: { statuses: { status: string }[] }) =>
      entry.statuses.some((status) => status.status === 'CLOSED');

    beforeAll(async () => {
      const env = {
        ...FAST_REALTIME_ENV,
        JWT_SECRET: randomBytes(32).toString('hex'),
        REDIS_PREFIX: `rt${randomBytes(4).toString('hex')}`,
      };
      [a, b] = await Promise.all([
        startTestPlatform({ queueBackend: bus, acquirer: false, worker: false, env }),
        startTestPlatform({ queueBackend: bus, acquirer: false, worker: false, env }),
      ]);
    });

    afterAll(async () => {
      await Promise.all(clients.map((made) => made.disconnect().catch(() => undefined)));
      await Promise.all([a?.close(), b?.close()]);
    });

    it('sign-out of the other sessions closes theirs on the other instance and keeps this one; sign-out everywhere closes the rest', async () => {
      // Tokens name the instance that issued them, so each session's channels are on its own instance.
      const user = await quickUser(a);
      const laptop = authClient(b.baseUrl);
      const signIn = await laptop.signInWithPassword({ email: user.email, password: STRONG_PASSWORD });
      expect(signIn.error).toBeNull();
      const laptopToken = signIn.data.session!.access_token;

      const phoneOnA = channelOf(a, user.token, user.userId);
      const phoneSecondTab = channelOf(a, user.token, user.userId);
      const laptopOnB = channelOf(b, laptopToken, user.userId);
      await subscribed(phoneOnA, phoneSecondTab, laptopOnB);

      // On the laptop (instance B): "sign out of other devices" (GoTrue's scope=others) ends the phone's session.
      expect((await laptop.signOut({ scope: 'others' })).error).toBeNull();
      await waitUntil(() => closed(phoneOnA) && closed(phoneSecondTab), "the phone's channels closed on instance A");
      const notice = {
        extension: 'system',
        status: 'error',
        message: 'The session ended: sign in again to receive this channel',
        channel: `user:${user.userId}`,
      };
      expect(phoneOnA.system).toEqual([notice]);
      expect(phoneSecondTab.system).toEqual([notice]);
      // The laptop's channel stays open and keeps receiving.
      await a.api.get(RealtimePublisher).publish(`user:${user.userId}`, 'notice', { n: 1 });
      await waitUntil(() => laptopOnB.notices.length === 1, 'the notice on the laptop');
      expect(closed(laptopOnB)).toBe(false);

      // The phone signs in again on A; then the laptop signs out everywhere (the default scope): both close.
      const phone = authClient(a.baseUrl);
      const again = await phone.signInWithPassword({ email: user.email, password: STRONG_PASSWORD });
      const phoneAgain = channelOf(a, again.data.session!.access_token, user.userId);
      await subscribed(phoneAgain);
      expect((await laptop.signOut()).error).toBeNull();
      await waitUntil(() => closed(laptopOnB) && closed(phoneAgain), 'every channel of the user closed');
      expect(laptopOnB.system).toEqual([notice]);
      expect(phoneAgain.system).toEqual([notice]);
    });

    it('a role change made on one instance closes the staff channel held on the other', async () => {
      const moderator = await quickModerator(b);
      const made = realtimeClient(b.baseUrl, { token: moderator.token }).client;
      clients.push(made);
      const channel = made.channel('staff:moderation', { config: { private: true } });
      const system = systemMessages(channel);
      const statuses = subscribeAll(channel);
      await subscribed({ statuses });
      await a.api
        .get(CommandBus)
        .execute(new ChangeUserRoleCommand(moderator.userId, 'fan', null, 'demoted on the other instance'));
      await waitUntil(() => closed({ statuses }), 'the staff channel closed on instance B', 3000);
      expect(system.map((notice) => notice.message)).toEqual([
        'You no longer have permission to read from this Channel topic: staff:moderation',
      ]);
    });

    it('a password change closes the channels of every other session, not the one that changed it', async () => {
      const user = await quickUser(a);
      const other = authClient(b.baseUrl);
      const signIn = await other.signInWithPassword({ email: user.email, password: STRONG_PASSWORD });
      const otherOnB = channelOf(b, signIn.data.session!.access_token, user.userId);
      const ownOnA = channelOf(a, user.token, user.userId);
      await subscribed(otherOnB, ownOnA);

      expect(
        (await user.client.updateUser({ password: `${STRONG_PASSWORD}-new`, current_password: STRONG_PASSWORD })).error,
      ).toBeNull();
      await waitUntil(() => closed(otherOnB), "the other session's channel closed");
      // A notice published after the revocation reaches instance A on the same bus, after it: once it arrived, A
      // would already have closed its channel.
      await a.api.get(RealtimePublisher).publish(`user:${user.userId}`, 'notice', { marker: true });
      await waitUntil(() => ownOnA.notices.length, 'the notice after the revocation');
      expect(closed(ownOnA)).toBe(false);
      expect(ownOnA.system).toEqual([]);
    });
  },
);
