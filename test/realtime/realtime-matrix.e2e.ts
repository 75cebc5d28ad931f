import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { ChangeUserRoleCommand } from '#app/identity';
import { RealtimePublisher, TopicPolicies } from '#app/realtime';
import { startMessagingPlatform, type MessagingFixtures } from '../api/messaging-fixtures.js';
import { changeRole, signedInUser, staffSession } from '#app/testing';
import { ANON_KEY, FAST_REALTIME_ENV, realtimeClient, sleep, subscribe, subscribeAll, waitUntil } from './support.js';

/**
 * The realtime matrix (issue 33): every channel prefix x every actor, join allowed or refused; every
 * event name the server sends, refused when a client broadcasts it (socket and REST) and never
 * delivered; and the changes that must close channels while joined (role demotion, aal drop,
 * sign-out everywhere, block). A prefix registered without a row here fails the first test.
 */
const ACTORS = [
  'anonymous',
  'fan',
  'another fan',
  'creator',
  'another creator',
  'moderator (aal1)',
  'moderator (aal2)',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];

/** Who may join each prefix's topic: `user:` is the fan's, `conversation:` the fan's with the creator, `posts:` the creator's store's (any account). */
const JOINS: Record<string, readonly Actor[]> = {
  user: ['fan'],
  staff: ['moderator (aal2)', 'admin'],
  conversation: ['fan', 'creator'],
  posts: ['fan', 'another fan', 'creator', 'another creator', 'moderator (aal1)', 'moderator (aal2)', 'admin'],
};

/** Who writes on each prefix, and who listens to what they send. */
const WRITERS: Record<string, { writer: Actor; listener: Actor }> = {
  user: { writer: 'fan', listener: 'fan' },
  staff: { writer: 'moderator (aal2)', listener: 'admin' },
  conversation: { writer: 'fan', listener: 'creator' },
  posts: { writer: 'fan', listener: 'another fan' },
};

/** Every event name the server publishes (messaging, commerce, content moderation), the old client `typing`, and protocol names. */
const SERVER_EVENTS = [
  'message',
  'message_updated',
  'message_withdrawn',
  'read',
  'unread',
  'purchase.paid',
  'creator.activity',
  'content.decided',
  'case.opened',
  'case.deadline',
  'post.published',
  'typing',
  'system',
  'MESSAGE',
  'Purchase.Paid',
];

type Session = { userId: string | null; token: string | null };
let f: MessagingFixtures;
let conversationId: string;
const actors = {} as Record<Actor, Session>;
const clients: { disconnect(): Promise<unknown> }[] = [];

const topicOf = (prefix: string) =>
  ({
    user: `user:${actors.fan.userId}`,
    staff: 'staff:moderation',
    conversation: `conversation:${conversationId}`,
    posts: `posts:${actors.creator.userId}`,
  })[prefix]!;
const connect = (session: Session) => {
  const made = realtimeClient(f.platform.baseUrl, session.token ? { token: session.token } : {});
  clients.push(made.client);
  return made;
};
const heard = (channel: RealtimeChannel) => {
  const got: { event: string }[] = [];
  channel.on('broadcast', { event: '*' }, (message) => got.push(message as { event: string }));
  return got;
};
const closed = (statuses: { status: string }[]) => statuses.some((entry) => entry.status === 'CLOSED');
const systemNotices = (channel: RealtimeChannel) => {
  const got: string[] = [];
  channel.on('system', {}, (payload: { message: string }) => got.push(payload.message));
  return got;
};

beforeAll(async () => {
  f = await startMessagingPlatform({
    env: { REALTIME_IDLE_TIMEOUT_MS: FAST_REALTIME_ENV.REALTIME_IDLE_TIMEOUT_MS, REALTIME_REFUSED_JOIN_DELAY_MS: '0' },
  });
  const fan = await f.fan();
  const creator = await f.creator('matrix');
  const moderatorAal1 = await signedInUser(f.platform);
  await changeRole(f.platform, moderatorAal1.session.user.id, 'moderator');
  await moderatorAal1.client.refreshSession();
  const [anotherFan, anotherCreator, moderatorAal2, admin] = await Promise.all([
    f.fan(),
    f.creator('other'),
    staffSession(f.platform, 'moderator'),
    staffSession(f.platform, 'admin'),
  ]);
  Object.assign(actors, {
    anonymous: { userId: null, token: null },
    fan,
    'another fan': anotherFan,
    creator,
    'another creator': anotherCreator,
    'moderator (aal1)': {
      userId: moderatorAal1.session.user.id,
      token: (await moderatorAal1.client.getSession()).data.session!.access_token,
    },
    'moderator (aal2)': moderatorAal2,
    admin,
  });
  conversationId = await f.open(fan, creator);
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.disconnect().catch(() => undefined)));
  await f?.platform.close();
});

describe('the realtime matrix', () => {
  it('has a row for every channel prefix the server registers', () => {
    expect([...f.platform.api.get(TopicPolicies).prefixes()].sort()).toEqual(Object.keys(JOINS).sort());
    expect(Object.keys(WRITERS).sort()).toEqual(Object.keys(JOINS).sort());
  });

  describe.each(Object.keys(JOINS))('joining %s:', (prefix) => {
    it.each([...ACTORS])('%s', async (actor) => {
      const { client } = connect(actors[actor]);
      const channel = client.channel(topicOf(prefix), { config: { private: true } });
      const answer = await subscribe(channel);
      await client.removeChannel(channel);
      // A refused join leaves its socket anonymous: closed here, the matrix stays inside the per-address allowance.
      await client.disconnect();
      if (JOINS[prefix].includes(actor)) return expect(answer).toEqual({ status: 'SUBSCRIBED', error: undefined });
      expect(answer.status).toBe('CHANNEL_ERROR');
      expect(answer.error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topicOf(prefix)}`,
      );
    });
  });

  describe.each(Object.keys(WRITERS))('server event names sent by a client on %s:', (prefix) => {
    it('are refused over the socket and over REST, and never reach the other party; a client: event does', async () => {
      const { writer, listener } = WRITERS[prefix];
      const topic = topicOf(prefix);
      const sending = connect(actors[writer]).client.channel(topic, {
        config: { private: true, broadcast: { ack: true } },
      });
      const listening = connect(actors[listener]).client.channel(topic, {
        config: { private: true, broadcast: { self: true } },
      });
      const got = heard(listening);
      expect((await subscribe(listening)).status).toBe('SUBSCRIBED');
      expect((await subscribe(sending)).status).toBe('SUBSCRIBED');
      for (const event of SERVER_EVENTS) {
        expect([event, await sending.send({ type: 'broadcast', event, payload: { amountMinor: 100_000 } })]).toEqual([
          event,
          'error',
        ]);
        await expect(sending.httpSend(event, { amountMinor: 100_000 })).rejects.toThrow(
          /ReservedEvent: Clients broadcast only events named client:<name>/,
        );
        const batch = await fetch(`${f.platform.baseUrl}/realtime/v1/api/broadcast`, {
          method: 'POST',
          headers: {
            apikey: ANON_KEY,
            authorization: `Bearer ${actors[writer].token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ messages: [{ topic, event, payload: {}, private: true }] }),
        });
        expect([event, batch.status]).toEqual([event, 403]);
      }
      const control = await sending.send({ type: 'broadcast', event: 'client:ping', payload: { n: 1 } });
      // Only the server speaks on a user's own topic and on a store's posts.
      if (prefix === 'user' || prefix === 'posts') expect(control).toBe('error');
      else
        await waitUntil(
          () => control === 'ok' && got.some((message) => message.event === 'client:ping'),
          'the client event at the listener',
        );
      // A marker on the same bus after every refused send: once it is here, a refused event would be too.
      await f.platform.api.get(RealtimePublisher).publish(topic, 'marker', {});
      await waitUntil(() => got.some((message) => message.event === 'marker'), 'the marker at the listener');
      expect(got.filter((message) => message.event !== 'client:ping' && message.event !== 'marker')).toEqual([]);
    });
  });

  it('the server itself cannot publish in the client namespace', async () => {
    await expect(
      f.platform.api.get(RealtimePublisher).publish(topicOf('conversation'), 'client:typing', {}),
    ).rejects.toThrow(/client event name/);
  });
});

describe('changes while joined close what they no longer allow', () => {
  const joinStaff = async (token: string) => {
    const channel = connect({ userId: null, token }).client.channel('staff:moderation', { config: { private: true } });
    const notices = systemNotices(channel);
    const got = heard(channel);
    const statuses = subscribeAll(channel);
    await waitUntil(() => statuses[0]?.status === 'SUBSCRIBED', 'staff:moderation joined');
    return { channel, notices, got, statuses };
  };
  const NO_LONGER = 'You no longer have permission to read from this Channel topic: staff:moderation';

  it('a moderator demoted to fan stops hearing staff:moderation within seconds', async () => {
    const moderator = await staffSession(f.platform, 'moderator');
    const joined = await joinStaff(moderator.token);
    await f.platform.api
      .get(CommandBus)
      .execute(new ChangeUserRoleCommand(moderator.userId, 'fan', null, 'matrix: demotion'));
    await waitUntil(() => closed(joined.statuses), 'the channel closed', 3000);
    expect(joined.notices).toEqual([NO_LONGER]);
    await f.platform.api
      .get(RealtimePublisher)
      .publish('staff:moderation', 'case.opened', { caseId: 'after-demotion' });
    // The channel is closed: no marker can come after on it, so a short bounded wait shows that nothing arrives.
    await sleep(300);
    expect(joined.got).toEqual([]);
  });

  it('a moderator whose second factor is removed (aal2 to aal1) stops hearing staff:moderation, as the console refuses them', async () => {
    const moderator = await staffSession(f.platform, 'moderator');
    const joined = await joinStaff(moderator.token);
    const factors = await moderator.client.mfa.listFactors();
    expect((await moderator.client.mfa.unenroll({ factorId: factors.data!.totp[0].id })).error).toBeNull();
    await waitUntil(() => closed(joined.statuses), 'the channel closed', 3000);
    expect(joined.notices).toEqual([NO_LONGER]);
    const staffConsole = await f.call('GET', '/api/admin/me', moderator.token);
    expect([staffConsole.status, staffConsole.body?.code]).toEqual([403, 'insufficient_aal']);
  });

  it('sign-out everywhere closes every channel of the user, on every socket', async () => {
    const account = await signedInUser(f.platform);
    const user = { userId: account.session.user.id, token: account.session.access_token };
    const watched = [0, 1].map(() => {
      const channel = connect(user).client.channel(`user:${user.userId}`, { config: { private: true } });
      return subscribeAll(channel);
    });
    await waitUntil(() => watched.every((statuses) => statuses[0]?.status === 'SUBSCRIBED'), 'both sockets joined');
    expect((await account.client.signOut({ scope: 'global' })).error).toBeNull();
    await waitUntil(() => watched.every(closed), 'every channel closed', 3000);
  });

  it('a block closes both members channels; rejoined, the blocked party can neither type, broadcast nor show presence', async () => {
    const fan = await f.fan();
    const creator = await f.creator('block');
    const id = await f.open(fan, creator);
    const topic = `conversation:${id}`;
    const fanChannel = connect(fan).client.channel(topic, { config: { private: true, presence: { key: 'fan' } } });
    const creatorChannel = connect(creator).client.channel(topic, {
      config: { private: true, presence: { key: 'creator' } },
    });
    creatorChannel.on('presence', { event: 'sync' }, () => undefined);
    const fanStatuses = subscribeAll(fanChannel);
    const creatorStatuses = subscribeAll(creatorChannel);
    await waitUntil(
      () => fanStatuses[0]?.status === 'SUBSCRIBED' && creatorStatuses[0]?.status === 'SUBSCRIBED',
      'both joined',
    );
    expect(await fanChannel.track({ online: true })).toBe('ok');
    await waitUntil(() => creatorChannel.presenceState().fan, 'the fan present');

    expect((await f.call('PUT', `/api/messages/conversations/${id}/block`, creator.token)).status).toBeLessThan(300);
    await waitUntil(() => closed(fanStatuses) && closed(creatorStatuses), 'both channels closed', 3000);

    const again = connect(fan).client.channel(topic, {
      config: { private: true, broadcast: { ack: true }, presence: { key: 'fan' } },
    });
    const watcher = connect(creator).client.channel(topic, { config: { private: true } });
    watcher.on('presence', { event: 'sync' }, () => undefined);
    const got = heard(watcher);
    expect((await subscribe(watcher)).status).toBe('SUBSCRIBED');
    expect((await subscribe(again)).status).toBe('SUBSCRIBED');
    expect(await again.send({ type: 'broadcast', event: 'client:typing', payload: {} })).toBe('error');
    await expect(again.httpSend('client:typing', {})).rejects.toThrow(/permissions to write/);
    expect(await again.track({ online: true })).toBe('error');
    // A marker on the same bus after the refused calls: once it is here, a refused broadcast or track would be too.
    await f.platform.api.get(RealtimePublisher).publish(topic, 'marker', {});
    await waitUntil(() => got.length, 'the marker at the watcher');
    expect(got.map((message) => message.event)).toEqual(['marker']);
    expect(watcher.presenceState()).toEqual({});
  });
});
