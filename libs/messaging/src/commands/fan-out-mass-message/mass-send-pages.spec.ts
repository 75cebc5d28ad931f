import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { QueryBus } from '@nestjs/cqrs';
import { AudienceCountQuery, AudiencePageQuery } from '#app/commerce';
import { FixedClock } from '#app/platform';
import { Conversation } from '../../domain/conversation.js';
import { InMemoryMessagingStore } from '../../repositories/in-memory-messaging-store.js';
import type { Delivery } from '../../repositories/messaging-store.js';
import { MassSendPages } from './mass-send-pages.js';

const CREATOR = randomUUID();
const clock = new FixedClock(new Date('2026-12-07T09:00:00Z'));

let store: InMemoryMessagingStore;
let pages: MassSendPages;
let audience: string[];
let counted: number;
let massMessageId: string;

const queries = {
  execute: async (query: unknown) => {
    if (query instanceof AudienceCountQuery) return ((counted += 1), audience.length);
    if (query instanceof AudiencePageQuery) {
      expect(query.selector).toEqual({ creatorId: CREATOR, segment: 'subscribers_active', contentId: null });
      return audience.filter((id) => query.afterFanId === null || id > query.afterFanId).slice(0, query.limit);
    }
    throw new Error('unexpected query');
  },
} as unknown as QueryBus;

const conversationOf = async (delivery: Delivery) =>
  (await store.transaction(({ conversations }) => conversations.find(delivery.conversationId)))!;

beforeEach(() => {
  store = new InMemoryMessagingStore();
  pages = new MassSendPages(store, clock, queries);
  audience = Array.from({ length: 5 }, () => randomUUID()).sort();
  counted = 0;
  massMessageId = randomUUID();
  store.queueMassSend({
    id: massMessageId,
    creatorId: CREATOR,
    segment: 'subscribers_active',
    contentId: null,
    body: 'A new album is out',
    attachments: [{ contentId: randomUUID(), kind: 'album', source: 'upload' }],
    price: { amountMinor: 900, currency: 'EUR' },
  });
});

describe('a mass message sent page by page', () => {
  it('counts the segment once, delivers each page from the checkpoint, and finishes', async () => {
    await pages.start(massMessageId);
    await pages.start(massMessageId);
    expect(counted).toBe(1);
    expect(store.massSend(massMessageId)).toMatchObject({ status: 'sending', recipients: 5, delivered: 0 });

    const first = await pages.next(massMessageId, 2);
    expect(first.outcome).toEqual({ kind: 'delivered', fans: 2, delivered: 2 });
    expect(first.deliveries.map((one) => one.userId)).toEqual(audience.slice(0, 2));
    expect(store.massSend(massMessageId)).toMatchObject({ lastFanId: audience[1], delivered: 2 });

    const rest = [await pages.next(massMessageId, 2), await pages.next(massMessageId, 2)];
    expect(rest.map((page) => page.outcome)).toEqual([
      { kind: 'delivered', fans: 2, delivered: 2 },
      { kind: 'delivered', fans: 1, delivered: 1 },
    ]);
    expect((await pages.next(massMessageId, 2)).outcome).toEqual({ kind: 'done' });
    expect(store.massSend(massMessageId)).toMatchObject({ status: 'sent', delivered: 5, sentAt: clock.now() });
    expect((await pages.next(massMessageId, 2)).outcome).toEqual({ kind: 'stopped' });

    const deliveries = [...first.deliveries, ...rest.flatMap((page) => page.deliveries)];
    expect(deliveries.map((one) => one.userId)).toEqual(audience);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ unread: 1, muted: false });
      const conversation = (await conversationOf(delivery)).snapshot();
      expect(conversation).toMatchObject({ fanId: delivery.userId, creatorId: CREATOR, startedBy: CREATOR });
      expect(conversation.lastPreview).toBe('A new album is out');
      const copy = await store.transaction(({ messages }) =>
        messages.byId(conversation.id, conversation.lastMessageId!),
      );
      expect(copy?.snapshot()).toMatchObject({ massMessageId, price: { amountMinor: 900, currency: 'EUR' } });
    }
  });

  it('skips a fan who blocked the creator, and counts only the copies delivered', async () => {
    const blocked = Conversation.open({
      id: randomUUID(),
      fanId: audience[0],
      creatorId: CREATOR,
      startedBy: audience[0],
      at: clock.now(),
    });
    blocked.block(audience[0], true, clock.now());
    await store.transaction(({ conversations }) => conversations.add(blocked));
    const page = await pages.next(massMessageId, 10);
    expect(page.outcome).toEqual({ kind: 'delivered', fans: 5, delivered: 4 });
    expect(page.deliveries.map((one) => one.userId)).toEqual(audience.slice(1));
    expect((await store.transaction(({ conversations }) => conversations.find(blocked.id)))?.snapshot()).toEqual(
      blocked.snapshot(),
    );
    expect(store.massSend(massMessageId)).toMatchObject({ lastFanId: audience[4], delivered: 4 });
  });

  it('stops at the next page once the mass message is withdrawn, and withdraws the copies nobody bought', async () => {
    await pages.start(massMessageId);
    const first = await pages.next(massMessageId, 2);
    const withdrawal = await store.transaction(async ({ massSends, messages }) => {
      await massSends.markWithdrawn(massMessageId, clock.now());
      return messages.withdrawMany({ massMessageId }, CREATOR, clock.now());
    });
    expect(withdrawal.gone.map((one) => one.recipientId).sort()).toEqual(audience.slice(0, 2));
    expect((await pages.next(massMessageId, 2)).outcome).toEqual({ kind: 'stopped' });
    expect(store.massSend(massMessageId)).toMatchObject({ status: 'withdrawn', delivered: 2, lastFanId: audience[1] });
    for (const delivery of first.deliveries)
      expect((await conversationOf(delivery)).snapshot()).toMatchObject({ lastMessageId: null, lastPreview: null });
  });
});
