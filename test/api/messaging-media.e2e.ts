import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { approvedAlbum, staffSession, tusUpload } from '#app/testing';
import { RecordMediaReviewJob } from '#app/messaging';
import { startMessagingPlatform, type Creator, type Fan, type MessagingFixtures } from './messaging-fixtures.js';

/**
 * Media in messages (issue 22, SPEC §5): only verified creators send it; an approved store item opens
 * at once; a new upload goes through content-moderation's review and is held until approved (removed
 * when rejected or taken down); it opens for the conversation's members only, through signed links.
 */
let f: MessagingFixtures;
let creator: Creator;
let fan: Fan;
let conversationId: string;

const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30 + seed, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
const mediaPath = (messageId: string, contentId: string, conversation = conversationId) =>
  `/api/messages/conversations/${conversation}/messages/${messageId}/media/${contentId}`;

/** An approved album of the creator's store: uploaded and submitted by them, approved by the moderator. */
const approvedStoreItem = (owner: Creator): Promise<string> =>
  approvedAlbum(f.platform, owner.token, f.moderator.token, { title: 'Store album', priceMinor: 900 });

async function review(contentId: string, decision: 'approve' | 'reject') {
  for (const [step, body] of [
    ['claim', undefined],
    [decision, decision === 'reject' ? { reason: 'Not allowed in messages' } : undefined],
  ] as const) {
    const answer = await f.call('POST', `/api/admin/content/${contentId}/${step}`, f.moderator.token, body);
    if (answer.status !== 200) throw new Error(`${step}: ${answer.status} ${answer.text}`);
  }
  await f.platform.drain();
}

/** A creator's upload for messages: started through messaging, filled with tus, processed by the worker. */
async function uploadForMessages(seed: number): Promise<string> {
  const started = await f.call('POST', '/api/messages/media', creator.token, { kind: 'album' });
  expect(started.status).toBe(201);
  const result = await tusUpload(f.platform.baseUrl, creator.token, await photo(seed), {
    contentId: started.body.contentId,
    filename: `photo-${seed}.jpg`,
    filetype: 'image/jpeg',
  });
  expect(result.error).toBeNull();
  await f.platform.drain();
  return started.body.contentId as string;
}

beforeAll(async () => {
  f = await startMessagingPlatform();
  creator = await f.creator('media');
  fan = await f.fan();
  conversationId = await f.open(fan, creator);
}, 120_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('who sends media', () => {
  it('refuses media from fans and from a store owner who is not verified', async () => {
    const item = await approvedStoreItem(creator);
    expect(await f.send(fan.token, conversationId, 'look', { attachments: [item] })).toMatchObject({
      status: 403,
      body: { code: 'media_not_allowed' },
    });
    // A store owner whose identity check was never accepted (the store row as commerce keeps it).
    const unverified = await f.fan();
    const store = await f.quietStore();
    await f.db().execute(`update stores set owner_id = ? where id = ?`, [unverified.userId, store.storeId]);
    const other = await f.fan();
    const id = await f.open(other, { ...store, userId: unverified.userId });
    expect(await f.send(unverified.token, id, 'look', { attachments: [randomUUID()] })).toMatchObject({
      status: 403,
      body: { code: 'not_verified' },
    });
    expect(await f.call('POST', '/api/messages/media', unverified.token, { kind: 'album' })).toMatchObject({
      status: 403,
      body: { code: 'not_verified' },
    });
    expect(await f.messageRows(id)).toBe(0);
  });

  it("refuses another creator's item, a store draft and an id that is no item", async () => {
    const someoneElse = await f.creator('other');
    const theirs = await approvedStoreItem(someoneElse);
    expect(await f.send(creator.token, conversationId, 'look', { attachments: [theirs] })).toMatchObject({
      status: 404,
      body: { code: 'media_not_found' },
    });
    expect(await f.send(creator.token, conversationId, 'look', { attachments: [randomUUID()] })).toMatchObject({
      status: 404,
      body: { code: 'media_not_found' },
    });
    const draft = await f.call('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Store draft',
      priceMinor: 500,
      currency: 'USD',
    });
    expect(await f.send(creator.token, conversationId, 'look', { attachments: [draft.body.id] })).toMatchObject({
      status: 409,
      body: { code: 'media_not_sendable' },
    });
    const twice = await approvedStoreItem(creator);
    expect((await f.send(creator.token, conversationId, 'look', { attachments: [twice, twice] })).body.code).toBe(
      'validation_failed',
    );
    expect(await f.messageRows(conversationId)).toBe(0);
  });
});

describe('an approved store item', () => {
  it('opens at once for the members through signed links, and for nobody else', async () => {
    const item = await approvedStoreItem(creator);
    const sent = await f.send(creator.token, conversationId, 'A gift from my store', { attachments: [item] });
    expect(sent).toMatchObject({
      status: 201,
      body: { attachments: [{ contentId: item, kind: 'album', state: 'released' }] },
    });
    const opened = await f.call('GET', mediaPath(sent.body.id, item), fan.token);
    expect(opened).toMatchObject({
      status: 200,
      body: { contentId: item, kind: 'album', media: [{ mediaType: 'image', number: 1 }] },
    });
    expect(opened.body.media[0].fileUrl).toMatch(/^\/api\/media\?token=/);
    const stranger = await f.fan();
    expect((await f.call('GET', mediaPath(sent.body.id, item), stranger.token)).status).toBe(404);
    expect((await f.call('GET', mediaPath(sent.body.id, item), null)).status).toBe(401);
    // Through another conversation of the stranger's, the message is not theirs either.
    const theirs = await f.open(stranger, creator);
    expect((await f.call('GET', mediaPath(sent.body.id, item, theirs), stranger.token)).status).toBe(404);
  });

  it('closes once the item is taken down, and its message shows it removed', async () => {
    const item = await approvedStoreItem(creator);
    const sent = await f.sent(creator.token, conversationId, '', { attachments: [item] });
    const admin = await staffSession(f.platform, 'admin');
    expect(
      (await f.call('POST', `/api/admin/content/${item}/remove`, admin.token, { reason: 'Taken down after a report' }))
        .status,
    ).toBe(200);
    expect((await f.call('GET', mediaPath(sent.id, item), fan.token)).body.code).toBe('media_not_found');
    await f.platform.drain();
    const updated = f
      .events(`conversation:${conversationId}`, 'message_updated')
      .filter((event) => event.payload.id === sent.id);
    expect(updated.at(-1)!.payload).toMatchObject({ attachments: [{ contentId: item, state: 'removed' }] });
  });
});

describe('a new upload', () => {
  it('is held for review (pending, unopenable by the fan, never in the store) and released when a moderator approves it', async () => {
    const contentId = await uploadForMessages(1);
    const sent = await f.send(creator.token, conversationId, 'Something new, just for you', {
      attachments: [contentId],
    });
    expect(sent).toMatchObject({
      status: 201,
      body: { attachments: [{ contentId, kind: 'album', state: 'pending' }] },
    });
    expect((await f.call('GET', `/api/admin/content/${contentId}`, f.moderator.token)).body).toMatchObject({
      status: 'pending_review',
      purpose: 'message',
    });
    expect(await f.call('GET', mediaPath(sent.body.id, contentId), fan.token)).toMatchObject({
      status: 404,
      body: { code: 'media_not_found' },
    });
    // Its sender sees what they sent while it waits.
    expect((await f.call('GET', mediaPath(sent.body.id, contentId), creator.token)).status).toBe(200);

    await review(contentId, 'approve');
    const released = f
      .events(`conversation:${conversationId}`, 'message_updated')
      .filter((event) => event.payload.id === sent.body.id);
    expect(released.at(-1)!.payload).toMatchObject({ attachments: [{ contentId, state: 'released' }] });
    const page = await f.call('GET', `/api/messages/conversations/${conversationId}/messages?limit=1`, fan.token);
    expect(page.body.items[0]).toMatchObject({ id: sent.body.id, attachments: [{ state: 'released' }] });
    const opened = await f.call('GET', mediaPath(sent.body.id, contentId), fan.token);
    expect(opened.status).toBe(200);
    const file = await fetch(`${f.platform.baseUrl}${opened.body.media[0].fileUrl}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);

    // Made for messages: never listed or sold in the store, nor among the creator's store items.
    const storeContent = await f.call('GET', `/api/stores/${creator.slug}/content`, fan.token);
    expect(JSON.stringify(storeContent.body)).not.toContain(contentId);
    expect(JSON.stringify((await f.call('GET', '/api/content/mine', creator.token)).body)).not.toContain(contentId);
    expect(await f.db().execute(`select 1 from sellable_items where content_id = ?`, [contentId])).toEqual([]);
  });

  it('is removed when the moderator rejects it, and stays closed to the fan', async () => {
    const contentId = await uploadForMessages(2);
    const sent = await f.sent(creator.token, conversationId, 'Another one', { attachments: [contentId] });
    await review(contentId, 'reject');
    const page = await f.call('GET', `/api/messages/conversations/${conversationId}/messages?limit=5`, fan.token);
    expect(page.body.items.find((m: { id: string }) => m.id === sent.id)).toMatchObject({
      attachments: [{ contentId, state: 'removed' }],
    });
    expect((await f.call('GET', mediaPath(sent.id, contentId), fan.token)).status).toBe(404);
    expect(
      f
        .events(`conversation:${conversationId}`, 'message_updated')
        .filter((event) => event.payload.id === sent.id)
        .at(-1)!.payload,
    ).toMatchObject({ attachments: [{ state: 'removed' }] });
    // A rejected upload cannot be sent again.
    expect((await f.send(creator.token, conversationId, 'try again', { attachments: [contentId] })).body.code).toBe(
      'media_not_sendable',
    );
  });

  it('applies a review event once and in order: a repeat or an older event changes nothing', async () => {
    const contentId = await uploadForMessages(3);
    await f.sent(creator.token, conversationId, 'Third', { attachments: [contentId] });
    await review(contentId, 'approve');
    const [state] = await f
      .db()
      .execute<{ status: string; version: number }[]>(
        `select status, version from message_media where content_id = ?`,
        [contentId],
      );
    expect(state).toEqual({ status: 'approved', version: 1 });
    const job = f.platform.worker!.get(RecordMediaReviewJob);
    const [row] = await f
      .db()
      .execute<{ id: string }[]>(
        `select id::text from outbox_message where job_name = 'content-review-changed' and payload->>'contentId' = ?`,
        [contentId],
      );
    const event = { contentId, version: 1, status: 'approved' as const, occurredAt: new Date().toISOString() };
    expect(await job.handle({ ...event, messageId: row.id })).toBe('duplicate');
    expect(await job.handle({ ...event, status: 'rejected', version: 0, messageId: `late-${randomUUID()}` })).toBe(
      'stale',
    );
    expect(
      (await f.db().execute(`select status, version from message_media where content_id = ?`, [contentId]))[0],
    ).toEqual({ status: 'approved', version: 1 });
  });

  it("refuses an upload still empty with content-moderation's own error, sending nothing", async () => {
    const started = await f.call('POST', '/api/messages/media', creator.token, { kind: 'video' });
    const before = await f.messageRows(conversationId);
    const refused = await f.send(creator.token, conversationId, 'empty', { attachments: [started.body.contentId] });
    expect(refused).toMatchObject({ status: 409, body: { code: 'no_media' } });
    expect(await f.messageRows(conversationId)).toBe(before);
    expect((await f.call('POST', '/api/messages/media', fan.token, { kind: 'album' })).body.code).toBe('not_a_creator');
  });
});
