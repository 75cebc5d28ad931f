import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Conversation } from '../../domain/conversation.js';
import { Message, type SentMessage } from '../../domain/message.js';
import { messageId } from '../../domain/message-ids.js';
import { InMemoryMessagingStore } from '../../repositories/in-memory-messaging-store.js';
import { storeMessage } from './store-message.js';

const FAN = randomUUID();
const CREATOR = randomUUID();
let now = Date.parse('2026-12-05T12:00:00Z');
let store: InMemoryMessagingStore;
let conversationId: string;

const sent = (senderId: string, extra: Partial<SentMessage> = {}): SentMessage => {
  const at = new Date((now += 1000));
  return {
    id: messageId(at),
    createdAt: at,
    conversationId,
    senderId,
    clientId: randomUUID(),
    body: 'hello',
    attachments: [],
    ...extra,
  };
};
const conversationNow = async () =>
  (await store.transaction(({ conversations }) => conversations.find(conversationId)))!;
const messageNow = (id: string) => store.transaction(({ messages }) => messages.byId(conversationId, id));
const block = (userId: string) =>
  store.transaction(async ({ conversations }) => {
    const conversation = (await conversations.find(conversationId))!;
    conversation.block(userId, true, new Date(now));
    await conversations.save(conversation);
  });
const ruleOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { rule?: string }) => error.rule,
  );

beforeEach(async () => {
  store = new InMemoryMessagingStore();
  conversationId = randomUUID();
  await store.transaction(({ conversations }) =>
    conversations.add(
      Conversation.open({ id: conversationId, fanId: FAN, creatorId: CREATOR, startedBy: FAN, at: new Date(now) }),
    ),
  );
});

describe('storing a sent message', () => {
  it('keeps the price it was sent with and counts it unread for the recipient', async () => {
    const price = { amountMinor: 1200, currency: 'EUR' };
    const message = Message.send(
      sent(CREATOR, {
        attachments: [{ contentId: randomUUID(), kind: 'video', source: 'upload', status: 'pending_review' }],
        price,
      }),
    );
    price.amountMinor = 1;
    expect(await storeMessage(store, message)).toEqual({
      stored: true,
      arrival: { recipientId: FAN, recipientUnread: 1, recipientMuted: false },
    });
    expect((await messageNow(message.id))?.price).toEqual({ amountMinor: 1200, currency: 'EUR' });
    expect((await conversationNow()).snapshot()).toMatchObject({ lastMessageId: message.id, lastPreview: 'hello' });
  });

  it('holds a fan’s message at the price per message in force when it was sent, unseen and uncounted', async () => {
    const message = Message.send(sent(FAN, { fee: { amountMinor: 300, currency: 'EUR' } }));
    const outcome = await storeMessage(store, message);
    expect(outcome).toEqual({
      stored: true,
      arrival: { recipientId: CREATOR, recipientUnread: 0, recipientMuted: true },
    });
    expect((await messageNow(message.id))?.snapshot()).toMatchObject({
      status: 'awaiting_payment',
      fee: { amountMinor: 300, currency: 'EUR' },
    });
    expect((await conversationNow()).snapshot().lastMessageId).toBeNull();
  });

  it('answers the message stored first when the client id comes again, counting nothing twice', async () => {
    const first = Message.send(sent(CREATOR));
    await storeMessage(store, first);
    const again = Message.send(sent(CREATOR, { clientId: first.snapshot().clientId }));
    expect(await storeMessage(store, again)).toEqual({
      stored: false,
      existing: { id: first.id, at: first.snapshot().createdAt },
    });
    expect((await conversationNow()).snapshot().members.find((one) => one.userId === FAN)?.unreadCount).toBe(1);
  });

  it('refuses a message when a block landed after the first check, and stores nothing of it', async () => {
    const message = Message.send(sent(FAN));
    await block(CREATOR);
    expect(await ruleOf(storeMessage(store, message))).toBe('conversation_blocked');
    expect(await ruleOf(storeMessage(store, Message.send(sent(CREATOR))))).toBe('you_blocked');
    expect(await messageNow(message.id)).toBeNull();
    expect((await conversationNow()).snapshot().members.map((one) => one.unreadCount)).toEqual([0, 0]);
  });

  it('lets a send and a block racing for the conversation take turns: the block after the send counts it, the send after the block is refused', async () => {
    const before = Message.send(sent(FAN));
    const after = Message.send(sent(FAN));
    const results = await Promise.all([
      storeMessage(store, before),
      block(CREATOR),
      ruleOf(storeMessage(store, after)),
    ]);
    expect(results[0]).toMatchObject({ stored: true });
    expect(results[2]).toBe('conversation_blocked');
    expect(await messageNow(before.id)).not.toBeNull();
    expect(await messageNow(after.id)).toBeNull();
  });
});
