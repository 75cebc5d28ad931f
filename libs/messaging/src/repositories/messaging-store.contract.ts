import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Conversation } from '../domain/conversation.js';
import { Message, type SentMessage, type Unlock } from '../domain/message.js';
import { messageId } from '../domain/message-ids.js';
import type { MessagingStore } from './messaging-store.js';

let tick = Date.parse('2026-12-05T10:00:00Z');
/** Distinct times, in order: each message id names its own millisecond. */
const nextTime = () => new Date((tick += 7));

/**
 * The one contract of MessagingStore, run against each adapter: PostgreSQL in
 * messaging-store.e2e.ts, in memory in messaging-store.spec.ts. Each test opens its own conversation.
 */
export function messagingStoreContract(adapter: string, store: () => MessagingStore): void {
  const open = async () => {
    const [fanId, creatorId] = [randomUUID(), randomUUID()];
    const conversation = Conversation.open({ id: randomUUID(), fanId, creatorId, startedBy: fanId, at: nextTime() });
    await store().transaction(({ conversations }) => conversations.add(conversation));
    return conversation;
  };
  const sent = (conversation: Conversation, extra: Partial<SentMessage> = {}): SentMessage => {
    const at = nextTime();
    return {
      id: messageId(at),
      createdAt: at,
      conversationId: conversation.id,
      senderId: conversation.creatorId,
      clientId: randomUUID(),
      body: 'hello',
      attachments: [],
      ...extra,
    };
  };
  const priced = (conversation: Conversation) =>
    Message.send(
      sent(conversation, {
        attachments: [{ contentId: randomUUID(), kind: 'album', source: 'upload', status: 'approved' }],
        price: { amountMinor: 700, currency: 'EUR' },
      }),
    );
  const unlockOf = (buyerId: string): Unlock => ({
    buyerId,
    purchaseId: randomUUID(),
    purchaseCreatedAt: nextTime(),
    amount: { amountMinor: 700, currency: 'EUR' },
    unlockedAt: nextTime(),
  });
  const load = (conversationId: string, id: string) =>
    store().transaction(({ messages }) => messages.byId(conversationId, id));

  describe(`MessagingStore (${adapter})`, () => {
    it('finds a conversation as it was opened, both members included', async () => {
      const conversation = await open();
      const found = await store().transaction(({ conversations }) => conversations.find(conversation.id));
      expect(found?.snapshot()).toEqual(conversation.snapshot());
      expect(await store().transaction(({ conversations }) => conversations.find(randomUUID()))).toBeNull();
    });

    it("saves an arrival and a block: the recipient's unread count, the list entry, the member's block", async () => {
      const conversation = await open();
      const at = nextTime();
      const id = messageId(at);
      await store().transaction(async ({ conversations }) => {
        const found = (await conversations.find(conversation.id))!;
        found.receive({ id, senderId: conversation.creatorId, at, preview: 'hello' });
        found.block(conversation.fanId, true, at);
        await conversations.save(found);
      });
      const found = (await store().transaction(({ conversations }) => conversations.find(conversation.id)))!.snapshot();
      expect(found).toMatchObject({
        lastMessageId: id,
        lastSenderId: conversation.creatorId,
        lastPreview: 'hello',
        lastActivityAt: at,
      });
      expect(found.members.map((one) => [one.userId, one.unreadCount, one.blockedAt])).toEqual([
        [conversation.fanId, 1, at],
        [conversation.creatorId, 0, null],
      ]);
    });

    it('stores a message with its price, attachments and status, and answers it by conversation and id only', async () => {
      const conversation = await open();
      const message = priced(conversation);
      expect(await store().transaction(({ messages }) => messages.add(message))).toEqual({ stored: true });
      expect((await load(conversation.id, message.id))?.snapshot()).toEqual(message.snapshot());
      expect(await load(randomUUID(), message.id)).toBeNull();
      expect(await load(conversation.id, 'not-a-message-id')).toBeNull();
      expect(await load(conversation.id, messageId(nextTime()))).toBeNull();
    });

    it('stores a client id once per sender: sent again, it answers the message stored first', async () => {
      const conversation = await open();
      const first = Message.send(sent(conversation));
      await store().transaction(({ messages }) => messages.add(first));
      const again = Message.send(sent(conversation, { clientId: first.snapshot().clientId }));
      const answer = await store().transaction(({ messages }) => messages.add(again));
      expect(answer).toEqual({ stored: false, existing: { id: first.id, at: first.snapshot().createdAt } });
      expect(await load(conversation.id, again.id)).toBeNull();
    });

    it('keeps a held message with the price per message it was sent at, and saves its release', async () => {
      const conversation = await open();
      const held = Message.send(
        sent(conversation, { senderId: conversation.fanId, fee: { amountMinor: 300, currency: 'USD' } }),
      );
      await store().transaction(({ messages }) => messages.add(held));
      expect((await load(conversation.id, held.id))?.snapshot()).toMatchObject({
        status: 'awaiting_payment',
        fee: { amountMinor: 300, currency: 'USD' },
      });
      await store().transaction(async ({ messages }) => {
        const found = (await messages.byId(conversation.id, held.id))!;
        found.release();
        await messages.save(found);
      });
      expect((await load(conversation.id, held.id))?.snapshot().status).toBe('sent');
    });

    it('saves unlocks added and removed, and a withdrawal', async () => {
      const conversation = await open();
      const message = priced(conversation);
      await store().transaction(({ messages }) => messages.add(message));
      const [first, second] = [unlockOf(conversation.fanId), unlockOf(randomUUID())];
      await store().transaction(async ({ messages }) => {
        const found = (await messages.byId(conversation.id, message.id))!;
        found.unlock(first);
        found.unlock(second);
        await messages.save(found);
      });
      const withdrawnAt = nextTime();
      await store().transaction(async ({ messages }) => {
        const found = (await messages.byId(conversation.id, message.id))!;
        found.removeUnlock(second.purchaseId);
        expect(found.withdraw(conversation.creatorId, withdrawnAt)).toBe('kept');
        await messages.save(found);
      });
      const found = (await load(conversation.id, message.id))!.snapshot();
      expect(found.unlocks).toEqual([first]);
      expect(found.withdrawnAt).toEqual(withdrawnAt);
    });

    it('counts as unread what the other side delivered after a position: not a withdrawn copy nobody bought, nor a held message', async () => {
      const conversation = await open();
      const plain = Message.send(sent(conversation));
      const [unbought, bought] = [priced(conversation), priced(conversation)];
      const later = Message.send(sent(conversation));
      const held = Message.send(
        sent(conversation, { senderId: conversation.fanId, fee: { amountMinor: 300, currency: 'EUR' } }),
      );
      await store().transaction(async ({ messages }) => {
        for (const message of [plain, unbought, bought, later, held]) await messages.add(message);
        bought.unlock(unlockOf(conversation.fanId));
        for (const message of [unbought, bought]) message.withdraw(conversation.creatorId, nextTime());
        await messages.save(unbought);
        await messages.save(bought);
      });
      const from = { id: plain.id, at: plain.snapshot().createdAt };
      expect(
        await store().transaction(({ messages }) => messages.unreadFrom(conversation.id, conversation.creatorId, from)),
      ).toBe(2);
      expect(
        await store().transaction(({ messages }) => messages.unreadFrom(conversation.id, conversation.fanId, from)),
      ).toBe(0);
    });

    it('commits nothing of a transaction that throws', async () => {
      const conversation = await open();
      const message = Message.send(sent(conversation));
      const failing = store().transaction(async ({ conversations, messages }) => {
        const found = (await conversations.find(conversation.id))!;
        found.block(conversation.creatorId, true, nextTime());
        await conversations.save(found);
        await messages.add(message);
        throw new Error('rolled back');
      });
      await expect(failing).rejects.toThrow('rolled back');
      expect(await load(conversation.id, message.id)).toBeNull();
      expect((await store().transaction(({ conversations }) => conversations.find(conversation.id)))?.blocked).toBe(
        false,
      );
    });
  });
}
