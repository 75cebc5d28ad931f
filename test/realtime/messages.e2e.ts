import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { Metrics } from '#app/platform';
import { RealtimePublisher, TopicPolicies } from '#app/realtime';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import {
  ANON_KEY,
  FAST_REALTIME_ENV,
  TestRooms,
  quickModerator,
  quickUser,
  rawClient,
  realtimeClient,
  reissue,
  sleep,
  subscribe,
  subscribeAll,
  waitUntil,
} from './support.js';

/** Broadcast, presence and the token's life on a channel (contract §4-§6, §8 scenarios 6-8), one api instance. */
let platform: TestPlatform;
const rooms = new TestRooms();
const clients: { disconnect(): Promise<unknown> }[] = [];
type User = Awaited<ReturnType<typeof quickUser>>;
let ana: User;
let ben: User;

const client = (user: User | null, options: Parameters<typeof realtimeClient>[1] = {}) => {
  const made = realtimeClient(platform.baseUrl, { ...(user ? { token: user.token } : {}), ...options });
  clients.push(made.client);
  return made.client;
};
const received = (channel: RealtimeChannel, event: string) => {
  const got: { type: string; event: string; payload: unknown }[] = [];
  channel.on('broadcast', { event }, (message) => got.push(message as (typeof got)[number]));
  return got;
};
const systemMessages = (channel: RealtimeChannel) => {
  const got: { message: string; status: string; extension: string; channel: string }[] = [];
  channel.on('system', {}, (payload) => got.push(payload as (typeof got)[number]));
  return got;
};

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false, env: FAST_REALTIME_ENV });
  platform.api.get(TopicPolicies).register('testroom', rooms);
  [ana, ben] = await Promise.all([quickUser(platform), quickUser(platform)]);
});

afterAll(async () => {
  await Promise.all(clients.map((made) => made.disconnect().catch(() => undefined)));
  await platform?.close();
});

describe('broadcast', () => {
  it('delivers a member broadcast with ack, skips the sender unless self is on, and carries raw bytes as kind-4 frames', async () => {
    const room = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const sender = client(ana).channel(room, { config: { private: true, broadcast: { ack: true } } });
    const ownEcho = received(sender, 'client:typing');
    const selfTab = client(ana).channel(room, { config: { private: true, broadcast: { self: true, ack: true } } });
    const selfEcho = received(selfTab, 'client:typing');
    const receiver = client(ben).channel(room, { config: { private: true } });
    const got = received(receiver, 'client:typing');
    const bytes = received(receiver, 'client:bytes');
    await Promise.all(
      [sender, selfTab, receiver].map(async (channel) => expect((await subscribe(channel)).status).toBe('SUBSCRIBED')),
    );

    expect(await sender.send({ type: 'broadcast', event: 'client:typing', payload: { who: 'Ana' } })).toBe('ok');
    expect(await waitUntil(() => got[0], 'the broadcast at Ben')).toEqual({
      type: 'broadcast',
      event: 'client:typing',
      payload: { who: 'Ana' },
    });
    expect(await selfTab.send({ type: 'broadcast', event: 'client:typing', payload: { who: 'Ana, other tab' } })).toBe(
      'ok',
    );
    // self:false skips only the sending subscription: Ana's other tab (self:true) gets both, its own echo included.
    await waitUntil(() => selfEcho.length === 2 && got.length === 2, 'both broadcasts everywhere');
    expect(ownEcho.map((message) => message.payload)).toEqual([{ who: 'Ana, other tab' }]);

    expect(
      await sender.send({ type: 'broadcast', event: 'client:bytes', payload: new Uint8Array([1, 2, 250]).buffer }),
    ).toBe('ok');
    const binary = await waitUntil(() => bytes[0], 'the binary broadcast');
    expect(Buffer.from(binary.payload as ArrayBuffer)).toEqual(Buffer.from([1, 2, 250]));
    expect(
      await sender.send({ type: 'broadcast', event: 'client:typing', payload: { pad: 'x'.repeat(256 * 1024) } }),
    ).toBe('error');
  });

  it("refuses client writes on user topics, delivers the server's events there, and answers REST sends", async () => {
    const own = client(ana).channel(`user:${ana.userId}`, { config: { private: true, broadcast: { ack: true } } });
    const note = received(own, 'purchase.paid');
    const otherTab = client(ana).channel(`user:${ana.userId}`, { config: { private: true } });
    const written = received(otherTab, 'client:forged');
    await Promise.all(
      [own, otherTab].map(async (channel) => expect((await subscribe(channel)).status).toBe('SUBSCRIBED')),
    );
    expect(await own.send({ type: 'broadcast', event: 'client:forged', payload: {} })).toBe('error');
    await platform.api.get(RealtimePublisher).publish(`user:${ana.userId}`, 'purchase.paid', { purchaseId: 'p1' });
    expect(await waitUntil(() => note[0], 'the server event')).toEqual({
      type: 'broadcast',
      event: 'purchase.paid',
      payload: { purchaseId: 'p1' },
    });
    await expect(own.httpSend('client:forged', { x: 1 })).rejects.toThrow(
      `Unauthorized: You do not have permissions to write to this Channel topic: user:${ana.userId}`,
    );
    expect(written).toEqual([]);

    const room = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const receiver = client(ben).channel(room, { config: { private: true } });
    const got = received(receiver, 'client:wave');
    expect((await subscribe(receiver)).status).toBe('SUBSCRIBED');
    // Not joined: send() falls back to POST /realtime/v1/api/broadcast (and warns that it does).
    const unjoined = client(ana).channel(room, { config: { private: true } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await unjoined.send({ type: 'broadcast', event: 'client:wave', payload: { n: 1 } })).toBe('ok');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/falling back to REST/));
    warn.mockRestore();
    expect(await unjoined.httpSend('client:wave', { n: 2 })).toEqual({ success: true });
    await waitUntil(() => got.length === 2, 'both REST broadcasts');
    expect(got.map((message) => message.payload)).toEqual([{ n: 1 }, { n: 2 }]);

    await expect(
      client(null)
        .channel(room, { config: { private: true } })
        .httpSend('client:wave', {}),
    ).rejects.toThrow(/signed-in user/);
    await expect(
      client(ana, { apikey: 'wrong' })
        .channel(room, { config: { private: true } })
        .httpSend('client:wave', {}),
    ).rejects.toThrow('Invalid API key');
    await expect(client(ana).channel(room).httpSend('client:wave', {})).rejects.toThrow(
      'PrivateOnly: This project only allows private channels',
    );
    await expect(unjoined.httpSend('client:wave', new Uint8Array([1]))).rejects.toThrow('Unsupported content type');
    const post = (body: unknown) =>
      fetch(`${platform.baseUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ messages: [] })).status).toBe(422);
    expect((await post({ messages: [{ topic: room }] })).status).toBe(422);
    const wave = (topic: string) => ({ topic, event: 'client:wave', private: true });
    expect((await post({ messages: [wave(room), wave(`user:${ben.userId}`)] })).status).toBe(403);
    // A marker sent after the refused batch takes the same bus: once it is here, the refused wave would be too.
    expect(await unjoined.httpSend('client:wave', { marker: true })).toEqual({ success: true });
    await waitUntil(() => got.length === 3, 'the marker after the refused batch');
    expect(got.map((message) => message.payload)).toEqual([{ n: 1 }, { n: 2 }, { marker: true }]);
  });
});

describe('presence', () => {
  it('shows joins, re-tracks, untracks, removals and disconnects to every member', async () => {
    const room = `testroom:${rooms.room(ana.userId, ben.userId)}`;
    const watcher = client(ben).channel(room, { config: { private: true, presence: { key: 'ben' } } });
    const events: string[] = [];
    watcher.on('presence', { event: 'join' }, ({ key }: { key: string }) => events.push(`join ${key}`));
    watcher.on('presence', { event: 'leave' }, ({ key }: { key: string }) => events.push(`leave ${key}`));
    watcher.on('presence', { event: 'sync' }, () => events.push('sync'));
    expect((await subscribe(watcher)).status).toBe('SUBSCRIBED');

    const anaClient = client(ana);
    const tracker = anaClient.channel(room, { config: { private: true, presence: { key: 'ana' } } });
    const ownEvents: string[] = [];
    tracker.on('presence', { event: 'join' }, ({ key }: { key: string }) => ownEvents.push(`join ${key}`));
    expect((await subscribe(tracker)).status).toBe('SUBSCRIBED');
    expect(await tracker.track({ name: 'Ana' })).toBe('ok');
    await waitUntil(() => events.includes('join ana') && ownEvents.includes('join ana'), 'the join at both');
    expect(watcher.presenceState().ana).toEqual([{ name: 'Ana', presence_ref: expect.any(String) }]);

    expect(await tracker.track({ name: 'Ana B' })).toBe('ok');
    await waitUntil(() => watcher.presenceState<{ name: string }>().ana?.[0]?.name === 'Ana B', 'the re-track');
    expect(watcher.presenceState().ana).toHaveLength(1);
    expect(await tracker.untrack()).toBe('ok');
    await waitUntil(() => !watcher.presenceState().ana, 'the untrack');

    expect(await tracker.track({ name: 'Ana' })).toBe('ok');
    await waitUntil(() => watcher.presenceState().ana, 'tracked again');
    await anaClient.removeChannel(tracker);
    await waitUntil(() => !watcher.presenceState().ana, 'the removal');

    const again = client(ana);
    const third = again.channel(room, { config: { private: true, presence: { key: 'ana' } } });
    expect((await subscribe(third)).status).toBe('SUBSCRIBED');
    expect(await third.track({ name: 'Ana' })).toBe('ok');
    await waitUntil(() => watcher.presenceState().ana, 'tracked on a new socket');
    await again.disconnect();
    await waitUntil(() => !watcher.presenceState().ana, 'the disconnect');
    expect(events.filter((event) => event === 'leave ana').length).toBeGreaterThanOrEqual(4);
    expect(events).toContain('sync');
  });

  it('closes a subscription that tracks more than 16 KiB, or a sixth time within 30 s', async () => {
    const room = `testroom:${rooms.room(ana.userId)}`;
    const big = client(ana).channel(room, { config: { private: true } });
    const bigSystem = systemMessages(big);
    const bigStatuses = subscribeAll(big);
    await waitUntil(() => bigStatuses[0], 'the join');
    void big.track({ pad: 'x'.repeat(17 * 1024) });
    await waitUntil(() => bigStatuses.find((entry) => entry.status === 'CLOSED'), 'the close');
    expect(bigSystem[0]).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Track message size exceeded',
      channel: room,
    });

    const busy = client(ana).channel(room, { config: { private: true } });
    const busySystem = systemMessages(busy);
    const busyStatuses = subscribeAll(busy);
    await waitUntil(() => busyStatuses[0], 'the join');
    for (let round = 1; round <= 5; round++) expect(await busy.track({ round })).toBe('ok');
    void busy.track({ round: 6 });
    await waitUntil(() => busyStatuses.find((entry) => entry.status === 'CLOSED'), 'the close');
    expect(busySystem[0]?.message).toBe('Client presence rate limit exceeded');
  });
});

describe("the token's life on a channel", () => {
  it('keeps the channel on a refreshed token; closes it on another user, on a revoked membership and on expiry', async () => {
    const roomId = rooms.room(ana.userId, ben.userId);
    const room = `testroom:${roomId}`;
    const anaClient = client(ana);
    const kept = anaClient.channel(room, { config: { private: true } });
    const keptStatuses = subscribeAll(kept);
    const got = received(kept, 'after');
    await waitUntil(() => keptStatuses[0]?.status === 'SUBSCRIBED', 'the join');
    const refreshed = (await ana.client.refreshSession()).data.session!.access_token;
    await anaClient.setAuth(refreshed);
    // No reply tells that the server has taken the new token (the access_token frame is answered by nothing),
    // so the publish below waits a moment to come after it.
    await sleep(150);
    await platform.api.get(RealtimePublisher).publish(room, 'after', { ok: true });
    await waitUntil(() => got[0], 'a message after the refresh');
    expect(keptStatuses.map((entry) => entry.status)).toEqual(['SUBSCRIBED']);

    const system = systemMessages(kept);
    await anaClient.setAuth(ben.token);
    await waitUntil(() => keptStatuses.find((entry) => entry.status === 'CLOSED'), 'closed on another user');
    expect(system[0]?.message).toBe(`You no longer have permission to read from this Channel topic: ${room}`);

    const benClient = client(ben);
    const revoked = benClient.channel(room, { config: { private: true } });
    const revokedSystem = systemMessages(revoked);
    const revokedStatuses = subscribeAll(revoked);
    await waitUntil(() => revokedStatuses[0]?.status === 'SUBSCRIBED', 'the join');
    rooms.members.get(roomId)!.delete(ben.userId);
    await platform.api.get(RealtimePublisher).revoke(room, ben.userId);
    await waitUntil(() => revokedStatuses.find((entry) => entry.status === 'CLOSED'), 'closed on revocation');
    expect(revokedSystem[0]?.message).toBe(`You no longer have permission to read from this Channel topic: ${room}`);

    const shortLived = reissue(ana.token, platform.config.JWT_SECRET, { exp: Math.floor(Date.now() / 1000) + 2 });
    const expiring = client(null, { token: shortLived }).channel(`user:${ana.userId}`, { config: { private: true } });
    const expiringSystem = systemMessages(expiring);
    const expiringStatuses = subscribeAll(expiring);
    await waitUntil(() => expiringStatuses[0]?.status === 'SUBSCRIBED', 'the join');
    await waitUntil(() => expiringStatuses.find((entry) => entry.status === 'CLOSED'), 'closed at expiry', 4000);
    expect(expiringSystem[0]?.message).toMatch(/^Token has expired [01] seconds ago$/);
  });

  it('closes staff:moderation for a moderator whose role an admin takes away', async () => {
    const [moderator, admin] = await Promise.all([quickModerator(platform), quickModerator(platform, 'admin')]);
    const staff = client(moderator).channel('staff:moderation', { config: { private: true } });
    const system = systemMessages(staff);
    const statuses = subscribeAll(staff);
    await waitUntil(() => statuses[0]?.status === 'SUBSCRIBED', 'the join');
    const changed = await fetch(`${platform.baseUrl}/api/admin/users/${moderator.userId}/role`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'fan' }),
    });
    expect(changed.status).toBe(200);
    await waitUntil(() => statuses.find((entry) => entry.status === 'CLOSED'), 'the revocation');
    expect(system[0]?.message).toBe('You no longer have permission to read from this Channel topic: staff:moderation');
  });

  it('ends a channel on a sign-out token (null), and refuses joins with the token of a session that signed out', async () => {
    const raw = await rawClient(platform.baseUrl);
    const topic = `realtime:user:${ben.userId}`;
    const joined = raw.join(topic, ben.token);
    expect((await raw.replyTo(joined))[4].status).toBe('ok');
    raw.push(topic, 'access_token', { access_token: null }, joined);
    const close = await waitUntil(() => raw.received.find((frame) => frame[3] === 'phx_close'), 'the close');
    expect(close).toEqual([joined, joined, topic, 'phx_close', {}]);
    expect(raw.received.find((frame) => frame[3] === 'system')?.[4]).toMatchObject({
      status: 'error',
      channel: `user:${ben.userId}`,
    });
    raw.ws.close();

    const leaving = await quickUser(platform);
    await leaving.client.signOut();
    const outcome = await subscribe(client(leaving).channel(`user:${leaving.userId}`, { config: { private: true } }));
    expect(outcome.error?.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: user:${leaving.userId}`,
    );
  });
});

describe('metrics', () => {
  it('counts connections, refused joins, frames and bus publishes in the api registry', async () => {
    const text = await platform.api.get(Metrics).text();
    const sample = (series: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.split(' ')[1],
      );
    expect(sample('fanmint_realtime_connections')).toBeGreaterThanOrEqual(1);
    expect(sample('fanmint_realtime_joins_refused_total{reason="Unauthorized"}')).toBeGreaterThanOrEqual(1);
    expect(sample('fanmint_realtime_frames_total{direction="in"}')).toBeGreaterThan(10);
    expect(sample('fanmint_realtime_frames_total{direction="out"}')).toBeGreaterThan(10);
    expect(
      sample('fanmint_realtime_bus_publish_seconds_count{bus="postgres",type="broadcast"}'),
    ).toBeGreaterThanOrEqual(5);
    expect(sample('fanmint_realtime_bus_publish_seconds_count{bus="postgres",type="presence"}')).toBeGreaterThanOrEqual(
      5,
    );
  });
});
