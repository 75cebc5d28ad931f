import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { QueryBus } from '@nestjs/cqrs';
import { FixedClock } from '#app/platform';
import type { MessagePurchase } from '#app/commerce';
import { Conversation } from '../../domain/conversation.js';
import { Message } from '../../domain/message.js';
import { messageId } from '../../domain/message-ids.js';
import type { Arrived, MessageArrivals } from '../../realtime/message-arrivals.js';
import { InMemoryMessagingStore } from '../../repositories/in-memory-messaging-store.js';
import { FollowMessagePurchaseJob } from './follow-message-purchase.job.js';

const FAN = randomUUID();
const CREATOR = randomUUID();
const clock = new FixedClock(new Date('2026-12-05T12:00:00Z'));

let store: InMemoryMessagingStore;
let purchase: MessagePurchase;
let announced: Arrived[];
let job: FollowMessagePurchaseJob;
let conversationId: string;

const later = () => {
  clock.advance(1000);
  return clock.now();
};
const queries = { execute: async () => purchase } as unknown as QueryBus;
const follow = () => job.handle({ purchaseId: purchase.id });
const messageNow = (id: string) => store.transaction(({ messages }) => messages.byId(conversationId, id));
const conversationNow = async () =>
  (await store.transaction(({ conversations }) => conversations.find(conversationId)))!;
const stored = async (message: Message) => {
  await store.transaction(({ messages }) => messages.add(message));
  return message;
};
const sent = (senderId: string, extra: Partial<Parameters<typeof Message.send>[0]> = {}) => {
  const at = later();
  return Message.send({
    id: messageId(at),
    createdAt: at,
    conversationId,
    senderId,
    clientId: randomUUID(),
    body: 'for you',
    attachments: [],
    ...extra,
  });
};
const pricedMessage = () =>
  stored(
    sent(CREATOR, {
      attachments: [{ contentId: randomUUID(), kind: 'album', source: 'upload', status: 'approved' }],
      price: { amountMinor: 900, currency: 'EUR' },
    }),
  );
const purchaseOf = (
  kind: MessagePurchase['kind'],
  message: Message | null,
  status: MessagePurchase['status'] = 'paid',
): MessagePurchase => ({
  id: randomUUID(),
  createdAt: clock.now(),
  kind,
  status,
  buyerId: FAN,
  creatorId: CREATOR,
  messageId: message?.id ?? null,
  messageCreatedAt: message?.snapshot().createdAt ?? null,
  conversationId,
  amountMinor: 900,
  currency: 'EUR',
  note: kind === 'tip' ? 'thanks!' : null,
  paidAt: clock.now(),
});
const act = (work: (conversation: Conversation, message: Message) => void, id: string) =>
  store.transaction(async ({ conversations, messages }) => {
    const [conversation, message] = [
      (await conversations.find(conversationId))!,
      (await messages.byId(conversationId, id))!,
    ];
    work(conversation, message);
    await conversations.save(conversation);
    await messages.save(message);
  });

beforeEach(async () => {
  store = new InMemoryMessagingStore();
  announced = [];
  const arrivals = { announce: async (arrived: Arrived) => void announced.push(arrived) } as unknown as MessageArrivals;
  job = new FollowMessagePurchaseJob(queries, clock, store, arrivals);
  conversationId = randomUUID();
  await store.transaction(({ conversations }) =>
    conversations.add(
      Conversation.open({ id: conversationId, fanId: FAN, creatorId: CREATOR, startedBy: FAN, at: clock.now() }),
    ),
  );
});

describe('following a purchase of a priced message', () => {
  it('unlocks it once for its buyer, and takes the unlock back with a refund', async () => {
    const message = await pricedMessage();
    purchase = purchaseOf('message', message);
    expect(await follow()).toBe('unlocked');
    expect(await follow()).toBe('unchanged');
    expect((await messageNow(message.id))?.unlockedBy(FAN)).toBe(true);
    purchase = { ...purchase, status: 'refunded' };
    expect(await follow()).toBe('unlock_removed');
    expect(await follow()).toBe('unchanged');
    expect((await messageNow(message.id))?.unlockedBy(FAN)).toBe(false);
    expect(announced).toEqual([]);
  });

  it('still unlocks a message its creator withdrew while the payment was under way', async () => {
    const message = await pricedMessage();
    purchase = purchaseOf('message', message);
    await act((_, found) => expect(found.withdraw(CREATOR, later())).toBe('gone'), message.id);
    expect(await follow()).toBe('unlocked');
    expect((await messageNow(message.id))?.snapshot()).toMatchObject({
      unlocks: [{ buyerId: FAN, purchaseId: purchase.id }],
    });
  });

  it('leaves a paid message with its buyer when the creator withdraws it afterwards', async () => {
    const message = await pricedMessage();
    purchase = purchaseOf('message', message);
    await follow();
    await act((_, found) => expect(found.withdraw(CREATOR, later())).toBe('kept'), message.id);
    expect((await messageNow(message.id))?.withdrawn).toBe(true);
  });

  it('skips a purchase that is neither paid nor reversed', async () => {
    purchase = purchaseOf('message', await pricedMessage(), 'pending');
    expect(await follow()).toBe('skipped');
  });
});

describe('following a paid price per message', () => {
  it('delivers the held message once, at the price it was sent with, counting it unread for the creator', async () => {
    const held = await stored(sent(FAN, { fee: { amountMinor: 300, currency: 'EUR' } }));
    purchase = purchaseOf('message_fee', held);
    expect(await follow()).toBe('delivered');
    expect(await follow()).toBe('unchanged');
    expect((await messageNow(held.id))?.snapshot()).toMatchObject({
      status: 'sent',
      fee: { amountMinor: 300, currency: 'EUR' },
    });
    expect(announced).toEqual([
      { conversationId, messageId: held.id, recipientId: CREATOR, recipientUnread: 1, recipientMuted: false },
    ]);
    expect((await conversationNow()).snapshot()).toMatchObject({
      lastMessageId: held.id,
      lastSenderId: FAN,
      lastPreview: 'for you',
    });
  });

  it('does not deliver it once either member blocked the other', async () => {
    const held = await stored(sent(FAN, { fee: { amountMinor: 300, currency: 'EUR' } }));
    purchase = purchaseOf('message_fee', held);
    await act((conversation) => conversation.block(CREATOR, true, later()), held.id);
    expect(await follow()).toBe('blocked');
    expect((await messageNow(held.id))?.held).toBe(true);
    expect(announced).toEqual([]);
  });
});

describe('following a tip in a conversation', () => {
  it('shows it once as the fan’s message', async () => {
    purchase = purchaseOf('tip', null);
    expect(await follow()).toBe('tip_shown');
    expect(await follow()).toBe('unchanged');
    expect(announced).toHaveLength(1);
    expect((await conversationNow()).snapshot()).toMatchObject({ lastSenderId: FAN, lastPreview: 'thanks!' });
    expect((await messageNow(announced[0].messageId))?.snapshot()).toMatchObject({
      kind: 'tip',
      tip: { amountMinor: 900, currency: 'EUR' },
    });
  });
});
