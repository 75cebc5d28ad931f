import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startMessagingPlatform, type MessagingFixtures } from '../api/messaging-fixtures.js';
import { realtimeClient, subscribe, subscribeAll, waitUntil, FAST_REALTIME_ENV } from './support.js';

let f: MessagingFixtures;
beforeAll(async () => {
  f = await startMessagingPlatform({
    env: { REALTIME_IDLE_TIMEOUT_MS: FAST_REALTIME_ENV.REALTIME_IDLE_TIMEOUT_MS, REALTIME_REFUSED_JOIN_DELAY_MS: '0' },
  });
}, 120_000);
afterAll(async () => {
  await f?.platform.close();
});

describe('messaging over the real transport', () => {
  it('members join, get messages, typing; a stranger is refused; a block revokes', async () => {
    const creator = await f.creator('live');
    const fan = await f.fan();
    const id = await f.open(fan, creator);
    const fanRt = realtimeClient(f.platform.baseUrl, { token: fan.token });
    const creatorRt = realtimeClient(f.platform.baseUrl, { token: creator.token });
    const fanChannel = fanRt.client.channel(`conversation:${id}`, { config: { private: true } });
    const received: unknown[] = [];
    const typing: unknown[] = [];
    fanChannel.on('broadcast', { event: 'message' }, (m) => received.push(m.payload));
    fanChannel.on('broadcast', { event: 'client:typing' }, (m) => typing.push(m.payload));
    const fanStatuses = subscribeAll(fanChannel);
    await waitUntil(() => fanStatuses.some((s) => s.status === 'SUBSCRIBED'), 'fan subscribed');
    const creatorChannel = creatorRt.client.channel(`conversation:${id}`, {
      config: { private: true, broadcast: { ack: true } },
    });
    expect((await subscribe(creatorChannel)).status).toBe('SUBSCRIBED');
    const userChannel = fanRt.client.channel(`user:${fan.userId}`, { config: { private: true } });
    const unread: unknown[] = [];
    userChannel.on('broadcast', { event: 'unread' }, (m) => unread.push(m.payload));
    expect((await subscribe(userChannel)).status).toBe('SUBSCRIBED');
    expect(await creatorChannel.send({ type: 'broadcast', event: 'client:typing', payload: { typing: true } })).toBe(
      'ok',
    );
    await waitUntil(() => typing.length > 0, 'typing');
    const sent = await f.sent(creator.token, id, 'live hello');
    await waitUntil(() => received.length > 0, 'message');
    expect(received[0]).toMatchObject({ id: sent.id, text: 'live hello' });
    await waitUntil(() => unread.length > 0, 'unread');
    expect(unread[0]).toMatchObject({ conversationId: id, unread: 1 });

    const stranger = await f.fan();
    const strangerRt = realtimeClient(f.platform.baseUrl, { token: stranger.token });
    const refused = await subscribe(strangerRt.client.channel(`conversation:${id}`, { config: { private: true } }));
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toContain('Unauthorized');

    await f.call('PUT', `/api/messages/conversations/${id}/block`, creator.token);
    await waitUntil(() => fanStatuses.some((s) => s.status === 'CLOSED'), 'closed by revoke');
    // Rejoining during the block: read only, typing refused.
    const again = fanRt.client.channel(`conversation:${id}`, { config: { private: true, broadcast: { ack: true } } });
    expect((await subscribe(again)).status).toBe('SUBSCRIBED');
    expect(await again.send({ type: 'broadcast', event: 'client:typing', payload: { typing: true } })).toBe('error');
    for (const rt of [fanRt, creatorRt, strangerRt]) await rt.client.disconnect();
  });
});
