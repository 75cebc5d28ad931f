import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Conversation, type ConversationState } from '../domain/conversation.js';
import { Message, type Money, type SentMessage, type Unlock } from '../domain/message.js';
import { messageId } from '../domain/message-ids.js';
import type { MassCopies, MessagingStore } from './messaging-store.js';

let tick = Date.parse('2026-12-05T10:00:00Z');
/** Distinct times, in order: each message id names its own millisecond. */
const nextTime = () => new Date((tick += 7));

/**
 * The one contract of MessagingStore, run against each adapter: PostgreSQL in
 * messaging-store.e2e.ts, in memory in messaging-store.spec.ts. Each test opens its own conversation.
 */
export function messagingStoreContract(adapter: string, store: () => MessagingStore): void {
  const open = async (creatorId = randomUUID()) => {
    const fanId = randomUUID();
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
  const find = async (id: string) =>
    (await store().transaction(({ conversations }) => conversations.find(id)))!.snapshot();
  const change = (id: string, edit: (conversation: Conversation) => void) =>
    store().transaction(async ({ conversations }) => {
      const found = (await conversations.find(id))!;
      edit(found);
      await conversations.save(found);
    });
  const unreadOf = (conversation: ConversationState) => conversation.members.map((one) => one.unreadCount);
  const massCopies = (creatorId: string, fanIds: string[], price: Money | null): MassCopies => ({
    massMessageId: randomUUID(),
    creatorId,
    body: price ? 'A new album' : 'Thanks for being here',
    attachments: [{ contentId: randomUUID(), kind: 'album', source: 'upload' }],
    price,
    fanIds: [...fanIds].sort(),
    at: nextTime(),
  });
  const sendMany = (copies: MassCopies) => store().transaction(({ messages }) => messages.sendMany(copies));

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

    it("sends a mass message's copies at once: a conversation opened where none was, one copy each, counted unread; none where a side blocked", async () => {
      const creatorId = randomUUID();
      const [known, blocked] = [await open(creatorId), await open(creatorId)];
      await change(known.id, (found) => found.mute(known.fanId, true, nextTime()));
      await change(blocked.id, (found) => found.block(blocked.fanId, true, nextTime()));
      const newcomer = randomUUID();
      const copies = massCopies(creatorId, [known.fanId, blocked.fanId, newcomer], {
        amountMinor: 700,
        currency: 'EUR',
      });
      const deliveries = await sendMany(copies);
      const opened = deliveries.find((one) => one.userId === newcomer)?.conversationId;
      expect([...deliveries].sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
        [
          { userId: known.fanId, conversationId: known.id, unread: 1, muted: true },
          { userId: newcomer, conversationId: opened, unread: 1, muted: false },
        ].sort((a, b) => a.userId.localeCompare(b.userId)),
      );
      const shown = { lastMessageAt: copies.at, lastSenderId: creatorId, lastPreview: 'A new album' };
      const [atKnown, atNew] = [await find(known.id), await find(opened!)];
      expect(atKnown).toMatchObject({ ...shown, lastActivityAt: copies.at });
      expect(unreadOf(atKnown)).toEqual([1, 0]);
      expect(atNew).toMatchObject({ ...shown, fanId: newcomer, creatorId, startedBy: creatorId, createdAt: copies.at });
      expect(unreadOf(atNew)).toEqual([1, 0]);
      expect(await find(blocked.id)).toMatchObject({ lastMessageId: null });
      const copy = (await load(known.id, atKnown.lastMessageId!))!.snapshot();
      expect(copy).toMatchObject({
        conversationId: known.id,
        senderId: creatorId,
        clientId: `mass:${copies.massMessageId}`,
        body: 'A new album',
        kind: 'message',
        status: 'sent',
        price: { amountMinor: 700, currency: 'EUR' },
        massMessageId: copies.massMessageId,
        withdrawnAt: null,
        unlocks: [],
        attachments: [{ ...copies.attachments[0], status: 'pending_review' }],
      });
      expect(atNew.lastMessageId).not.toBe(copy.id);
    });

    it("withdraws a mass message's priced copies: one nobody bought leaves its thread, a buyer keeps theirs, twice is once", async () => {
      const creatorId = randomUUID();
      const [first, second, only] = [randomUUID(), randomUUID(), randomUUID()];
      await sendMany(massCopies(creatorId, [first, second], null));
      const priced = massCopies(creatorId, [first, second, only], { amountMinor: 700, currency: 'EUR' });
      const deliveries = await sendMany(priced);
      const conversationOf = new Map(deliveries.map((one) => [one.userId, one.conversationId]));
      const before = await find(conversationOf.get(first)!);
      const bought = (await find(conversationOf.get(second)!)).lastMessageId!;
      await store().transaction(async ({ messages }) => {
        const found = (await messages.byId(conversationOf.get(second)!, bought))!;
        found.unlock(unlockOf(second));
        await messages.save(found);
      });
      const withdraw = (senderId: string) =>
        store().transaction(({ messages }) =>
          messages.withdrawMany({ massMessageId: priced.massMessageId }, senderId, nextTime()),
        );
      expect(await withdraw(randomUUID())).toEqual({ gone: [], keptBy: 1 });
      const withdrawal = await withdraw(creatorId);
      expect(withdrawal.keptBy).toBe(1);
      expect([...withdrawal.gone].sort((a, b) => a.recipientId.localeCompare(b.recipientId))).toEqual(
        [first, only]
          .map((fanId) => ({
            id: expect.any(String),
            conversationId: conversationOf.get(fanId),
            recipientId: fanId,
          }))
          .sort((a, b) => a.recipientId.localeCompare(b.recipientId)),
      );
      const [atFirst, atSecond, atOnly] = [first, second, only].map((fanId) => find(conversationOf.get(fanId)!));
      // The copy before it leads again; the buyer's thread keeps it; a thread with nothing else shows nothing.
      expect(await atFirst).toMatchObject({ lastPreview: 'Thanks for being here' });
      expect((await atFirst).lastMessageId).not.toBe(before.lastMessageId);
      expect(unreadOf(await atFirst)).toEqual([1, 0]);
      expect(await atSecond).toMatchObject({ lastMessageId: bought, lastPreview: 'A new album' });
      expect(unreadOf(await atSecond)).toEqual([2, 0]);
      expect(await atOnly).toMatchObject({ lastMessageId: null, lastMessageAt: null, lastPreview: null });
      expect(unreadOf(await atOnly)).toEqual([0, 0]);
      expect((await load(conversationOf.get(second)!, bought))?.snapshot().withdrawnAt).not.toBeNull();
      expect(await withdraw(creatorId)).toEqual({ gone: [], keptBy: 1 });
    });

    it('withdraws one priced message its sender names; a copy already read leaves the unread count as it is', async () => {
      const conversation = await open();
      const message = priced(conversation);
      const at = message.snapshot().createdAt;
      await store().transaction(async ({ conversations, messages }) => {
        const found = (await conversations.find(conversation.id))!;
        found.receive({ id: message.id, senderId: conversation.creatorId, at, preview: 'Sent media' });
        found.markRead(conversation.fanId, { id: message.id, at }, 0, at);
        await conversations.save(found);
        await messages.add(message);
      });
      await change(conversation.id, (found) =>
        found.receive({ id: messageId(nextTime()), senderId: conversation.creatorId, at: nextTime(), preview: 'hi' }),
      );
      const target = { conversationId: conversation.id, messageId: message.id, at };
      const withdrawal = await store().transaction(({ messages }) =>
        messages.withdrawMany(target, conversation.creatorId, nextTime()),
      );
      expect(withdrawal).toEqual({
        gone: [{ id: message.id, conversationId: conversation.id, recipientId: conversation.fanId }],
        keptBy: 0,
      });
      expect(unreadOf(await find(conversation.id))).toEqual([1, 0]);
      expect((await find(conversation.id)).lastPreview).toBe('hi');
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
