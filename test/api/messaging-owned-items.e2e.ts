import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { FixedClock, type TestPlatform } from '#app/testing';
import { call, newKey, startCommercePlatform } from './commerce-fixtures.js';

/**
 * A fan is never charged for a message item they own already (issue 33): a subscriber (whose
 * subscription includes every store item) or a buyer of the item gets a priced message of it free,
 * its checkout is refused, the creator is told when composing, and the unlock box names what it opens.
 */
const clock = new FixedClock(new Date());
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let platform: TestPlatform;
let albumId: string;
let videoId: string;

interface Fan {
  userId: string;
  token: string;
}

const newFan = async (): Promise<Fan> => {
  const fan = await f.newFan();
  return { userId: fan.session.user.id, token: fan.session.access_token };
};
const buy = (token: string, body: Record<string, unknown>) =>
  call(platform, 'POST', '/api/purchases', token, { method: 'card', ...body }, { 'idempotency-key': newKey() });
const send = (token: string, conversationId: string, body: Record<string, unknown>) =>
  call(platform, 'POST', `/api/messages/conversations/${conversationId}/messages`, token, {
    clientId: randomBytes(8).toString('hex'),
    ...body,
  });
const messageOf = async (token: string, conversationId: string, id: string) => {
  const page = await call(platform, 'GET', `/api/messages/conversations/${conversationId}/messages`, token);
  return (page.body.items as Record<string, unknown>[]).find((message) => message.id === id);
};
const media = (token: string, conversationId: string, messageId: string, contentId: string) =>
  call(
    platform,
    'GET',
    `/api/messages/conversations/${conversationId}/messages/${messageId}/media/${contentId}`,
    token,
  );
const ownedCheck = (token: string, conversationId: string, query: string) =>
  call(platform, 'GET', `/api/messages/conversations/${conversationId}/owned-items?${query}`, token);
const messagePurchases = async (buyerId: string) =>
  (
    await f
      .db()
      .execute<{ n: number }[]>(`select count(*)::int as n from purchases where buyer_id = ? and kind = 'message'`, [
        buyerId,
      ])
  )[0].n;

async function conversationWith(fan: Fan): Promise<string> {
  const opened = await call(platform, 'POST', '/api/messages/conversations', fan.token, { storeSlug: f.slug });
  if (opened.status !== 201 && opened.status !== 200)
    throw new Error(`open conversation: ${opened.status} ${opened.text}`);
  return opened.body.id as string;
}

async function priced(conversationId: string, attachments: string[]): Promise<string> {
  const sent = await send(f.creator.token, conversationId, {
    text: `For you ${randomBytes(3).toString('hex')}`,
    attachments,
    priceMinor: 700,
  });
  expect(sent.status).toBe(201);
  return sent.body.id as string;
}

async function paid(fan: Fan, body: Record<string, unknown>): Promise<void> {
  const created = await buy(fan.token, body);
  expect(created.status).toBe(201);
  await f.settle(created.body.id);
  await platform.drain();
}

beforeAll(async () => {
  f = await startCommercePlatform(clock);
  platform = f.platform;
  albumId = await f.approvedItem('album', 900, 'Studio album');
  videoId = await f.approvedItem('video', 500, 'Beach video');
}, 120_000);

afterAll(async () => {
  await platform?.drain(30_000);
  await platform?.close();
});

describe('message items the fan already owns', () => {
  it('a subscriber gets a priced message of an item their subscription includes free, and its checkout is refused', async () => {
    const fan = await newFan();
    await paid(fan, { kind: 'subscription', storeSlug: f.slug });
    const conversationId = await conversationWith(fan);

    // The composer's check names the item the fan owns through their subscription.
    const check = await ownedCheck(f.creator.token, conversationId, `contentIds=${albumId}`);
    expect(check).toMatchObject({
      status: 200,
      body: { alreadyOwned: [{ contentId: albumId, title: 'Studio album' }] },
    });
    expect(check.body.recipient).toMatch(/^fan••/);

    const messageId = await priced(conversationId, [albumId]);
    expect(await messageOf(fan.token, conversationId, messageId)).toMatchObject({
      locked: false,
      attachments: [{ contentId: albumId, locked: false }],
      unlocks: [{ contentId: albumId, title: 'Studio album', kind: 'album', owned: true }],
    });
    expect((await media(fan.token, conversationId, messageId, albumId)).status).toBe(200);

    // Never charged: the checkout is refused and no purchase is written.
    expect(await buy(fan.token, { kind: 'message', messageId })).toMatchObject({
      status: 409,
      body: { code: 'already_owned' },
    });
    expect(await messagePurchases(fan.userId)).toBe(0);
  });

  it('the unlock box names what it opens, and marks the items a buyer owns; one item not owned keeps the price', async () => {
    const fan = await newFan();
    await paid(fan, { kind: 'content', contentId: albumId });
    const conversationId = await conversationWith(fan);

    const check = await ownedCheck(f.creator.token, conversationId, `contentIds=${albumId},${videoId}`);
    expect(check).toMatchObject({
      status: 200,
      body: { alreadyOwned: [{ contentId: albumId, title: 'Studio album' }] },
    });

    const both = await priced(conversationId, [albumId, videoId]);
    expect(await messageOf(fan.token, conversationId, both)).toMatchObject({
      locked: true,
      unlocks: [
        { contentId: albumId, title: 'Studio album', kind: 'album', owned: true },
        { contentId: videoId, title: 'Beach video', kind: 'video', owned: false },
      ],
    });
    expect((await media(fan.token, conversationId, both, videoId)).status).toBe(402);

    // The bought item alone opens free.
    const album = await priced(conversationId, [albumId]);
    expect(await messageOf(fan.token, conversationId, album)).toMatchObject({
      locked: false,
      unlocks: [{ contentId: albumId, owned: true }],
    });
    expect(await buy(fan.token, { kind: 'message', messageId: album })).toMatchObject({
      status: 409,
      body: { code: 'already_owned' },
    });
    expect(await messagePurchases(fan.userId)).toBe(0);
  });

  it('a fan who owns nothing sees the item named, locked, and may buy it', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    expect(await ownedCheck(f.creator.token, conversationId, `contentIds=${videoId}`)).toMatchObject({
      status: 200,
      body: { alreadyOwned: [] },
    });
    const messageId = await priced(conversationId, [videoId]);
    expect(await messageOf(fan.token, conversationId, messageId)).toMatchObject({
      locked: true,
      unlocks: [{ contentId: videoId, title: 'Beach video', kind: 'video', owned: false }],
    });
    expect(await buy(fan.token, { kind: 'message', messageId })).toMatchObject({
      status: 201,
      body: { kind: 'message' },
    });
  });

  it('the compose check is the creator’s, and bad input is a 400', async () => {
    const fan = await newFan();
    const conversationId = await conversationWith(fan);
    expect(await ownedCheck(fan.token, conversationId, `contentIds=${albumId}`)).toMatchObject({
      status: 403,
      body: { code: 'not_the_creator' },
    });
    expect((await ownedCheck(f.creator.token, conversationId, 'contentIds=nope')).status).toBe(400);
    expect((await ownedCheck(f.creator.token, conversationId, '')).status).toBe(400);
    const tooMany = Array.from({ length: 11 }, () => `contentIds=${albumId}`).join('&');
    expect((await ownedCheck(f.creator.token, conversationId, tooMany)).status).toBe(400);
    const stranger = await newFan();
    expect((await ownedCheck(stranger.token, conversationId, `contentIds=${albumId}`)).status).toBe(404);
  });
});
