import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { RealtimePublisher, RealtimeServer, TopicPolicies } from '#app/realtime';
import { changeRole, startTestPlatform, type TestPlatform } from '#app/testing';
import {
  ANON_KEY,
  FAST_REALTIME_ENV,
  TestRooms,
  quickModerator,
  quickUser,
  rawClient,
  rawSocket,
  realtimeClient,
  reissue,
  sleep,
  subscribe,
  subscribeAll,
  waitUntil,
} from './support.js';

/** /realtime/v1 on one api instance (PostgreSQL bus): the socket, joins and their refusals, limits (contract §1-§3, §8). */
let platform: TestPlatform;
const rooms = new TestRooms();
const clients: { disconnect(): Promise<unknown> }[] = [];
const client = (options: Parameters<typeof realtimeClient>[1] = {}) => {
  const made = realtimeClient(platform.baseUrl, options);
  clients.push(made.client);
  return made;
};
const joins = (log: { kind: string; msg: string }[], topic: string) =>
  log.filter((entry) => entry.kind === 'push' && entry.msg.startsWith(`realtime:${topic} phx_join`)).length;

type User = Awaited<ReturnType<typeof quickUser>>;
let ana: User;
let ben: User;
let moderator: User;
/** A moderator signed in with a password only (aal1): not staff for staff:moderation, as for the console. */
let aal1Moderator: string;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false, env: FAST_REALTIME_ENV });
  platform.api.get(TopicPolicies).register('testroom', rooms);
  let plain: User;
  [ana, ben, moderator, plain] = await Promise.all([
    quickUser(platform),
    quickUser(platform),
    quickModerator(platform),
    quickUser(platform),
  ]);
  await changeRole(platform, plain.userId, 'moderator');
  aal1Moderator = (await plain.client.refreshSession()).data.session!.access_token;
});

afterAll(async () => {
  await Promise.all(clients.map((made) => made.disconnect().catch(() => undefined)));
  await platform?.close();
});

/** The upgrade's refusal: status and JSON body. */
function upgradeRefusal(query: string, path = '/realtime/v1/websocket'): Promise<{ status: number; body: unknown }> {
  const ws = new WebSocket(`${platform.baseUrl.replace('http', 'ws')}${path}?${query}`);
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}

describe('connecting', () => {
  it('refuses a missing or wrong apikey with 401, an unknown vsn with 403, and the client reports a transport failure', async () => {
    expect(await upgradeRefusal('vsn=2.0.0')).toEqual({ status: 401, body: { error: 'No API key found in request' } });
    expect(await upgradeRefusal('apikey=wrong&vsn=2.0.0')).toEqual({ status: 401, body: { error: 'Invalid API key' } });
    expect(await upgradeRefusal(`apikey=${ANON_KEY}&vsn=3.0.0`)).toMatchObject({ status: 403 });
    expect(await upgradeRefusal(`apikey=${ANON_KEY}`, '/realtime/v1/other')).toMatchObject({ status: 404 });

    const { client: refused } = client({ apikey: 'wrong', token: ana.token });
    const status = await subscribe(refused.channel(`user:${ana.userId}`, { config: { private: true } }));
    expect(status.status).toBe('CHANNEL_ERROR');
    expect(status.error?.message).toBe('channel error: transport failure');
    expect(refused.endpointURL()).toMatch(/\/realtime\/v1\/websocket\?apikey=wrong&vsn=2\.0\.0$/);
    await refused.disconnect();
  });

  it('answers heartbeats without a join, and closes a silent socket after the idle timeout', async () => {
    const beats: string[] = [];
    const { client: live } = client({ token: ana.token, heartbeatCallback: (status) => beats.push(status) });
    expect((await subscribe(live.channel(`user:${ana.userId}`, { config: { private: true } }))).status).toBe(
      'SUBSCRIBED',
    );
    await waitUntil(() => beats.filter((beat) => beat === 'ok').length >= 2, 'two heartbeat replies');
    expect(beats).not.toContain('error');

    const raw = await rawClient(platform.baseUrl);
    const ref = raw.push('phoenix', 'heartbeat', {});
    expect(await raw.replyTo(ref)).toEqual([null, ref, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    const started = Date.now();
    expect(await raw.closed).toEqual({ code: 1000, reason: 'idle timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // The heartbeating client outlived that idle time.
    expect(live.isConnected()).toBe(true);
  });
});

describe('joining', () => {
  it("subscribes to one's own user topic, to staff:moderation as a moderator with 2FA, and to a member's room", async () => {
    const room = rooms.room(ana.userId);
    const { client: fan } = client({ token: ana.token });
    const { client: staff } = client({ token: moderator.token });
    const results = await Promise.all([
      subscribe(fan.channel(`user:${ana.userId}`, { config: { private: true } })),
      subscribe(fan.channel(`testroom:${room}`, { config: { private: true } })),
      subscribe(staff.channel('staff:moderation', { config: { private: true } })),
    ]);
    expect(results.map((result) => result.status)).toEqual(['SUBSCRIBED', 'SUBSCRIBED', 'SUBSCRIBED']);
  });

  it('refuses with upstream reasons; the client retries a refusal until the channel is removed, and stops at a postgres_changes mismatch', async () => {
    const [user, other] = [ana, ben];
    const room = rooms.room(other.userId);
    const secret = platform.config.JWT_SECRET;
    const expired = reissue(user.token, secret, { exp: Math.floor(Date.now() / 1000) - 30 });
    const foreign = reissue(user.token, 'another-secret-another-secret-another', {});
    const cases: [string, string | undefined, boolean, string | RegExp][] = [
      [
        `user:${other.userId}`,
        user.token,
        true,
        `Unauthorized: You do not have permissions to read from this Channel topic: user:${other.userId}`,
      ],
      [`user:${user.userId.toUpperCase()}`, user.token, true, /^Unauthorized: You do not have permissions to read/],
      [`user:${user.userId}:extra`, user.token, true, /^Unauthorized: You do not have permissions to read/],
      [
        `testroom:${room}`,
        user.token,
        true,
        `Unauthorized: You do not have permissions to read from this Channel topic: testroom:${room}`,
      ],
      [
        'staff:moderation',
        user.token,
        true,
        'Unauthorized: You do not have permissions to read from this Channel topic: staff:moderation',
      ],
      [
        'staff:moderation',
        aal1Moderator,
        true,
        'Unauthorized: You do not have permissions to read from this Channel topic: staff:moderation',
      ],
      [
        'staff:other',
        moderator.token,
        true,
        'Unauthorized: You do not have permissions to read from this Channel topic: staff:other',
      ],
      [
        'elsewhere:thing',
        user.token,
        true,
        'Unauthorized: You do not have permissions to read from this Channel topic: elsewhere:thing',
      ],
      [`user:${user.userId}`, user.token, false, 'PrivateOnly: This project only allows private channels'],
      [
        `user:${user.userId}`,
        undefined,
        true,
        `Unauthorized: You do not have permissions to read from this Channel topic: user:${user.userId}`,
      ],
      [
        `user:${user.userId}`,
        ANON_KEY,
        true,
        `Unauthorized: You do not have permissions to read from this Channel topic: user:${user.userId}`,
      ],
      [`user:${user.userId}`, 'not-a-jwt', true, 'MalformedJWT: The token provided is not a valid JWT'],
      [`user:${user.userId}`, foreign, true, 'JwtSignatureError: Failed to validate JWT signature'],
      [`user:${user.userId}`, expired, true, /^InvalidJWTToken: Token has expired 3\d seconds ago$/],
    ];
    // Meanwhile: a refused join is retried until its channel is removed; a postgres_changes listener stops at once.
    const { client: retrying, log } = client({ token: user.token });
    const channel = retrying.channel(`user:${other.userId}`, { config: { private: true } });
    const statuses = subscribeAll(channel);
    const { client: listening, log: listeningLog } = client({ token: user.token });
    const changes = listening.channel(`user:${user.userId}`, { config: { private: true } });
    changes.on('postgres_changes', { event: '*', schema: 'public', table: 'purchases' }, () => undefined);
    const changeStatuses = subscribeAll(changes);

    const outcomes = await Promise.all(
      cases.map(async ([topic, token, isPrivate]) => {
        const { client: made } = client(token ? { token } : {});
        return subscribe(made.channel(topic, { config: { private: isPrivate } }));
      }),
    );
    outcomes.forEach((outcome, i) => {
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toMatch(cases[i][3]);
    });

    await waitUntil(() => statuses.length >= 2, 'a second refusal after the client rejoined');
    const secondRefusalAt = Date.now();
    expect(statuses.every((entry) => entry.status === 'CHANNEL_ERROR')).toBe(true);
    await retrying.removeChannel(channel);
    const attempts = joins(log, `user:${other.userId}`);
    expect(changeStatuses.find((entry) => entry.status === 'CHANNEL_ERROR')?.error?.message).toBe(
      'mismatch between server and client bindings for postgres changes',
    );
    expect(
      listeningLog.some(
        (entry) =>
          entry.kind === 'receive' &&
          /phx_reply/.test(entry.msg) &&
          JSON.stringify(entry.data).includes('"postgres_changes":[]'),
      ),
    ).toBe(true);
    // The client's next rejoin would come 2 s after the second refusal: waiting out its timer is the point.
    await sleep(secondRefusalAt + 2200 - Date.now());
    expect(joins(log, `user:${other.userId}`)).toBe(attempts);
    expect(joins(listeningLog, `user:${user.userId}`)).toBe(1);
  });

  it('refuses a topic without the realtime: prefix or without a name, frames for unjoined topics, and a 101st channel', async () => {
    const user = ana;
    const raw = await rawClient(platform.baseUrl);
    expect((await raw.replyTo(raw.join('user:x', user.token)))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    expect((await raw.replyTo(raw.join('realtime:', user.token)))[4]).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect(
      (await raw.replyTo(raw.push('realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'e', payload: {} })))[4],
    ).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    expect((await raw.replyTo(raw.push('realtime:nowhere', 'phx_leave', {})))[4]).toEqual({
      status: 'ok',
      response: {},
    });

    const topics = Array.from({ length: 101 }, () => `realtime:testroom:${rooms.room(user.userId)}`);
    // 101 joins at once, each checked against its topic's policy: slow on a loaded machine, so a longer wait.
    const replies = await Promise.all(topics.map((topic) => raw.replyTo(raw.join(topic, user.token), 30_000)));
    expect(replies.slice(0, 100).every((reply) => reply[4].status === 'ok')).toBe(true);
    expect(replies[100][4]).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    // Leaving one frees a place.
    await raw.replyTo(raw.push(topics[0], 'phx_leave', {}));
    expect((await raw.replyTo(raw.join(topics[100], user.token)))[4].status).toBe('ok');
    raw.ws.close();
  });

  it('closes a socket that sends a frame over 1 MiB (1009) or one it cannot read (1007)', async () => {
    const big = await rawSocket(platform.baseUrl);
    const bigClosed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(1024 * 1024) }]));
    expect(await bigClosed).toBe(1009);
    const odd = await rawSocket(platform.baseUrl);
    const oddClosed = new Promise<number>((resolve) => odd.once('close', (code) => resolve(code)));
    odd.send(Buffer.from([9, 1, 2]));
    expect(await oddClosed).toBe(1007);
  });

  it('replaces the subscription on a duplicate join: the old presence leaves, messages arrive once, on the new join ref', async () => {
    const [a, b] = [ana, ben];
    const room = rooms.room(a.userId, b.userId);
    const topic = `realtime:testroom:${room}`;
    const { client: watcher } = client({ token: b.token });
    const watched = watcher.channel(`testroom:${room}`, { config: { private: true, presence: { key: 'b' } } });
    const leaves: string[] = [];
    watched.on('presence', { event: 'leave' }, ({ key }: { key: string }) => leaves.push(key));
    expect((await subscribe(watched)).status).toBe('SUBSCRIBED');

    const raw = await rawClient(platform.baseUrl);
    const first = raw.join(topic, a.token, { presence: { key: 'a', enabled: true } });
    await raw.replyTo(first);
    await raw.replyTo(
      raw.push(topic, 'presence', { type: 'presence', event: 'track', payload: { name: 'first' } }, first),
    );
    await waitUntil(() => watched.presenceState().a, 'the first meta at the watcher');
    const second = raw.join(topic, a.token, { presence: { key: 'a', enabled: true } });
    expect((await raw.replyTo(second))[4].status).toBe('ok');
    await waitUntil(() => leaves.includes('a'), 'the first meta leaving');

    await platform.api.get(RealtimePublisher).publish(`testroom:${room}`, 'note', { n: 1 });
    // A second broadcast on the same bus: once it is here, a copy of the first for the replaced join would be too.
    await platform.api.get(RealtimePublisher).publish(`testroom:${room}`, 'note', { n: 2 });
    await waitUntil(() => raw.received.filter((frame) => frame[3] === 'broadcast').length >= 2, 'both broadcasts');
    const broadcasts = raw.received.filter((frame) => frame[3] === 'broadcast');
    expect(broadcasts).toEqual(
      [1, 2].map((n) => [second, null, topic, 'broadcast', { type: 'broadcast', event: 'note', payload: { n } }]),
    );
    raw.ws.close();
  });
});

describe('protocol versions and reconnects', () => {
  it('serves vsn 1.0.0 clients with JSON objects', async () => {
    const user = ana;
    const { client: old, log } = client({ token: user.token, vsn: '1.0.0' });
    const channel = old.channel(`user:${user.userId}`, { config: { private: true } });
    const got: unknown[] = [];
    channel.on('broadcast', { event: 'hello' }, (message) => got.push(message));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    expect(log.some((entry) => entry.kind === 'transport' && entry.msg.includes('vsn=1.0.0'))).toBe(true);
    await platform.api.get(RealtimePublisher).publish(`user:${user.userId}`, 'hello', { to: 'you' });
    expect(await waitUntil(() => got[0], 'the server event')).toEqual({
      type: 'broadcast',
      event: 'hello',
      payload: { to: 'you' },
    });
  });

  it('lets a client reconnect and rejoin after the server drops its socket; the stale presence is gone', async () => {
    const [a, b] = [ana, ben];
    const room = rooms.room(a.userId, b.userId);
    const { client: watcher } = client({ token: b.token });
    const watched = watcher.channel(`testroom:${room}`, { config: { private: true, presence: { key: 'b' } } });
    watched.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(watched)).status).toBe('SUBSCRIBED');

    // No presence key: the server gives each join its own, so the rejoin's meta never shares a key with the
    // stale one (realtime-js 2.109.0 mishandles a key whose meta changes under it: see README, Realtime).
    const { client: dropped } = client({ token: a.token });
    const channel = dropped.channel(`testroom:${room}`, { config: { private: true } });
    channel.on('presence', { event: 'sync' }, () => undefined);
    const statuses: { status: string; error?: Error }[] = [];
    channel.subscribe(async (status, error) => {
      statuses.push({ status, error });
      // Apps track again on SUBSCRIBED: the server keeps no presence across sockets.
      if (status === 'SUBSCRIBED')
        await channel.track({ round: statuses.filter((entry) => entry.status === 'SUBSCRIBED').length });
    });
    const rounds = () =>
      Object.values(watched.presenceState<{ round?: number }>()).flatMap((metas) =>
        metas.map((meta) => meta.round).filter((round) => round !== undefined),
      );
    await waitUntil(() => rounds().includes(1), 'the first track at the watcher');

    expect(platform.api.get(RealtimeServer).dropConnections()).toBeGreaterThanOrEqual(2);
    await waitUntil(() => statuses.find((entry) => entry.status === 'CHANNEL_ERROR'), 'the drop');
    expect(statuses.find((entry) => entry.status === 'CHANNEL_ERROR')?.error?.message).toBe('socket closed: 1006');
    await waitUntil(() => statuses.filter((entry) => entry.status === 'SUBSCRIBED').length === 2, 'the rejoin', 6000);
    await waitUntil(() => rounds().join() === '2', 'only the fresh meta at the watcher');
  });
});

describe('shutdown', () => {
  it('closes sockets with 1001 when the api shuts down', async () => {
    const user = ana;
    const { client: made } = client({ token: user.token });
    const statuses = subscribeAll(made.channel(`user:${user.userId}`, { config: { private: true } }));
    await waitUntil(() => statuses.find((entry) => entry.status === 'SUBSCRIBED'), 'the join');
    await platform.closeApi();
    const error = await waitUntil(() => statuses.find((entry) => entry.status === 'CHANNEL_ERROR'), 'the close');
    expect(error.error?.message).toMatch(/^socket closed: 1001/);
    await made.disconnect();
  });
});
