import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { CommandBus } from '@nestjs/cqrs';
import type { PurchaseCommand } from '#app/commerce';
import { Conversation } from '../../domain/conversation.js';
import { Message } from '../../domain/message.js';
import { messageId } from '../../domain/message-ids.js';
import { InMemoryMessagingStore } from '../../repositories/in-memory-messaging-store.js';
import { PayHeldMessageCommand } from './pay-held-message.command.js';
import { PayHeldMessageHandler } from './pay-held-message.handler.js';

const FAN = randomUUID();
const CREATOR = randomUUID();
let now = Date.parse('2026-12-05T12:00:00Z');
let store: InMemoryMessagingStore;
let placed: PurchaseCommand[];
let handler: PayHeldMessageHandler;
let conversationId: string;

const commands = {
  execute: async (command: PurchaseCommand) => (placed.push(command), { purchase: { id: 'checkout' } }),
} as unknown as CommandBus;
const stored = async (senderId: string, fee: boolean) => {
  const at = new Date((now += 1000));
  const message = Message.send({
    id: messageId(at),
    createdAt: at,
    conversationId,
    senderId,
    clientId: randomUUID(),
    body: 'hi',
    attachments: [],
    fee: fee ? { amountMinor: 300, currency: 'EUR' } : null,
  });
  await store.transaction(({ messages }) => messages.add(message));
  return message.id;
};
const pay = (userId: string, id: string) =>
  handler.execute(new PayHeldMessageCommand(conversationId, userId, id, 'key-1'));
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code,
  );

beforeEach(async () => {
  store = new InMemoryMessagingStore();
  placed = [];
  handler = new PayHeldMessageHandler(commands, store);
  conversationId = randomUUID();
  await store.transaction(({ conversations }) =>
    conversations.add(
      Conversation.open({ id: conversationId, fanId: FAN, creatorId: CREATOR, startedBy: FAN, at: new Date(now) }),
    ),
  );
});

describe('paying for a held message', () => {
  it('opens the checkout of its price per message for its sender', async () => {
    const id = await stored(FAN, true);
    expect(await pay(FAN, id)).toEqual({ id: 'checkout' });
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      buyerId: FAN,
      idempotencyKey: 'key-1',
      request: { kind: 'message_fee', messageId: id },
    });
  });

  it('refuses a message that is not held, someone else’s, or a stranger', async () => {
    expect(await codeOf(pay(FAN, await stored(FAN, false)))).toBe('not_awaiting_payment');
    expect(await codeOf(pay(CREATOR, await stored(FAN, true)))).toBe('message_not_found');
    expect(await codeOf(pay(randomUUID(), await stored(FAN, true)))).toBe('conversation_not_found');
    expect(placed).toEqual([]);
  });

  it('refuses while a block stands', async () => {
    const id = await stored(FAN, true);
    await store.transaction(async ({ conversations }) => {
      const conversation = (await conversations.find(conversationId))!;
      conversation.block(CREATOR, true, new Date(now));
      await conversations.save(conversation);
    });
    expect(await codeOf(pay(FAN, id))).toBe('conversation_blocked');
    expect(placed).toEqual([]);
  });
});
