import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { approveContent, tusUpload, waitFor } from '#app/testing';
import { startMessagingPlatform, type Creator, type Fan, type MessagingFixtures } from './messaging-fixtures.js';
import { realtimeClient, subscribe, waitUntil } from '../realtime/support.js';

/**
 * Posts and the feed (issue 35): a creator posts free, subscribers-only and pay-to-unlock posts; media
 * pass review first; a store's page and a member's feed show each post as it opens for them, files
 * only through the entitlement service's links; likes and comments with the creator's controls.
 */
let f: MessagingFixtures;
let creator: Creator;
let follower: Fan;
let subscriber: Fan;

const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40 + seed, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

/** Photos for a post: started through posts, filled over tus, processed by the worker, then submitted for review. */
async function postMedia(owner: Creator, seed: number, { submit = true } = {}): Promise<string> {
  const started = await f.call('POST', '/api/posts/media', owner.token, { kind: 'album' });
  expect(started.status).toBe(201);
  const contentId = started.body.contentId as string;
  const upload = await tusUpload(f.platform.baseUrl, owner.token, await photo(seed), {
    contentId,
    filename: `post-${seed}.jpg`,
    filetype: 'image/jpeg',
  });
  expect(upload.error).toBeNull();
  await f.platform.drain();
  if (!submit) return contentId;
  await waitFor(
    async () => {
      const answer = await f.call('POST', `/api/content/${contentId}/submit`, owner.token);
      if (answer.body?.code === 'media_processing') return null;
      expect(answer.status).toBe(200);
      return answer;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `post media ${contentId} processed` },
  );
  return contentId;
}

const post = (owner: Creator, body: Record<string, unknown>) => f.call('POST', '/api/posts', owner.token, body);
const storePosts = (token: string | null, slug = creator.slug, query = '') =>
  f.call('GET', `/api/stores/${slug}/posts${query}`, token);
const postRows = async () => Number((await f.db().execute<{ n: string }[]>(`select count(*) as n from posts`))[0].n);

beforeAll(async () => {
  f = await startMessagingPlatform({ acquirer: true });
  creator = await f.creator('posts');
  follower = await f.fan();
  subscriber = await f.fan();
  expect((await f.call('PUT', `/api/favorites/${creator.slug}`, follower.token)).status).toBeLessThan(300);
  await f.subscribe(subscriber, creator);
}, 180_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('a text post', () => {
  it('is published at once, shows on the store page to anyone and in the feed of who follows or subscribes', async () => {
    const created = await post(creator, { text: 'Hello fans', audience: 'free' });
    expect(created).toMatchObject({
      status: 201,
      body: { text: 'Hello fans', audience: 'free', status: 'published', access: 'open', storeSlug: creator.slug },
    });
    const id = created.body.id as string;
    expect((await storePosts(null)).body.posts.map((p: { id: string }) => p.id)).toContain(id);
    expect((await f.call('GET', `/api/posts/${id}`, null)).body).toMatchObject({ id, access: 'open' });
    for (const fan of [follower, subscriber])
      expect((await f.call('GET', '/api/feed', fan.token)).body.posts.map((p: { id: string }) => p.id)).toContain(id);
    const feed = await f.call('GET', '/api/feed', follower.token);
    expect(feed.body.creatorIds).toEqual([creator.userId]);
    const stranger = await f.fan();
    expect((await f.call('GET', '/api/feed', stranger.token)).body).toEqual({
      posts: [],
      nextCursor: null,
      creatorIds: [],
    });
    expect((await f.call('GET', '/api/feed', null)).status).toBe(401);
  });
});

describe('a post with photos', () => {
  it('waits for review, seen only by its creator, and is published when its media are approved', async () => {
    const media = await postMedia(creator, 1);
    const created = await post(creator, { text: 'New set', audience: 'free', mediaIds: [media] });
    expect(created).toMatchObject({
      status: 201,
      body: { status: 'in_review', publishedAt: null, media: [{ contentId: media, status: 'pending_review' }] },
    });
    const id = created.body.id as string;
    expect((await f.call('GET', `/api/posts/${id}`, follower.token)).status).toBe(404);
    expect((await storePosts(null)).body.posts.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await f.call('GET', '/api/posts/mine', creator.token)).body.posts[0]).toMatchObject({
      id,
      status: 'in_review',
    });

    await approveContent(f.platform, f.moderator.token, media);
    const seen = await f.call('GET', `/api/posts/${id}`, null);
    expect(seen).toMatchObject({ status: 200, body: { status: 'published', access: 'open' } });
    const file = seen.body.media[0].files[0];
    expect(file.fileUrl).toMatch(/^\/api\/media\?token=/);
    const bytes = await fetch(`${f.platform.baseUrl}${file.fileUrl}`);
    expect(bytes.status).toBe(200);
  });

  it('opens a subscribers-only post to live subscribers only, others get its text and blurred teaser', async () => {
    const media = await postMedia(creator, 2);
    await approveContent(f.platform, f.moderator.token, media);
    const created = await post(creator, { text: 'For my subscribers', audience: 'subscribers', mediaIds: [media] });
    expect(created.body).toMatchObject({ status: 'published', access: 'open' });
    const id = created.body.id as string;

    const forFollower = await f.call('GET', `/api/posts/${id}`, follower.token);
    expect(forFollower.body).toMatchObject({ text: 'For my subscribers', access: 'subscribe' });
    const locked = forFollower.body.media[0].files[0];
    expect(locked.fileUrl).toBeNull();
    expect(locked.thumbnailUrl).toBeNull();
    expect(locked.blurredUrl).toMatch(/blurred/);

    const forSubscriber = await f.call('GET', `/api/posts/${id}`, subscriber.token);
    expect(forSubscriber.body.access).toBe('open');
    expect(forSubscriber.body.media[0].files[0].fileUrl).toMatch(/^\/api\/media\?token=/);
    const feed = await f.call('GET', '/api/feed', follower.token);
    expect(feed.body.posts.find((p: { id: string }) => p.id === id)).toMatchObject({ access: 'subscribe' });
  });

  it('keeps a pay-to-unlock post locked with its price, even for subscribers', async () => {
    const media = await postMedia(creator, 3);
    await approveContent(f.platform, f.moderator.token, media);
    const created = await post(creator, { text: 'Exclusive', audience: 'paid', priceMinor: 700, mediaIds: [media] });
    expect(created.body).toMatchObject({ audience: 'paid', priceMinor: 700, currency: 'USD' });
    for (const fan of [follower, subscriber]) {
      const seen = await f.call('GET', `/api/posts/${created.body.id}`, fan.token);
      expect(seen.body).toMatchObject({ access: 'unlock', priceMinor: 700 });
      expect(seen.body.media[0].files[0].fileUrl).toBeNull();
    }
  });

  it('goes back to review when an edit adds media, and is rejected when a moderator rejects it', async () => {
    const created = await post(creator, { text: 'Text first', audience: 'free' });
    const id = created.body.id as string;
    const media = await postMedia(creator, 4);
    const edited = await f.call('PATCH', `/api/posts/${id}`, creator.token, { mediaIds: [media] });
    expect(edited.body).toMatchObject({ status: 'in_review', publishedAt: created.body.publishedAt });
    expect((await f.call('GET', `/api/posts/${id}`, follower.token)).status).toBe(404);
    for (const [step, body] of [
      ['claim', undefined],
      ['reject', { reason: 'Not allowed' }],
    ] as const)
      expect((await f.call('POST', `/api/admin/content/${media}/${step}`, f.moderator.token, body)).status).toBe(200);
    await f.platform.drain();
    expect((await f.call('GET', `/api/posts/${id}`, creator.token)).body.status).toBe('rejected');
    const dropped = await f.call('PATCH', `/api/posts/${id}`, creator.token, { mediaIds: [] });
    expect(dropped.body).toMatchObject({ status: 'published', media: [] });
  });
});

describe('the live notice of a new post', () => {
  it('reaches a follower on posts:<creator> over /realtime/v1 when a post is published, not while it waits for review', async () => {
    const { client } = realtimeClient(f.platform.baseUrl, { token: follower.token });
    try {
      const channel = client.channel(`posts:${creator.userId}`, { config: { private: true } });
      const heard: { event: string; payload: { postId: string } }[] = [];
      channel.on('broadcast', { event: '*' }, (message) => heard.push(message as unknown as (typeof heard)[number]));
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');

      const media = await postMedia(creator, 7);
      const held = await post(creator, { text: 'Soon', audience: 'subscribers', mediaIds: [media] });
      const text = await post(creator, { text: 'Right now', audience: 'free' });
      await waitUntil(() => heard.some((m) => m.payload.postId === text.body.id), 'the text post notice');
      expect(heard.map((m) => m.payload.postId)).not.toContain(held.body.id);

      await approveContent(f.platform, f.moderator.token, media);
      await waitUntil(() => heard.some((m) => m.payload.postId === held.body.id), 'the notice once approved');
      expect(heard.every((m) => m.event === 'post.published')).toBe(true);
    } finally {
      await client.disconnect();
    }
  });
});

describe('bad input', () => {
  it('refuses media not submitted, not the creator’s, a paid post without a price, an empty post and fans, changing nothing', async () => {
    const before = await postRows();
    const draft = await postMedia(creator, 5, { submit: false });
    expect(await post(creator, { text: 'x', audience: 'free', mediaIds: [draft] })).toMatchObject({
      status: 400,
      body: { code: 'media_not_submitted' },
    });
    const other = await f.creator('other');
    const theirs = await postMedia(other, 6);
    expect(await post(creator, { text: 'x', audience: 'free', mediaIds: [theirs] })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await post(creator, { text: 'x', audience: 'free', mediaIds: [randomUUID()] })).toMatchObject({
      status: 400,
    });
    expect(await post(creator, { text: 'x', audience: 'paid', mediaIds: [] })).toMatchObject({ status: 400 });
    expect(await post(creator, { text: '  ', audience: 'free' })).toMatchObject({ status: 400 });
    expect(await post(creator, { text: 'x', audience: 'free', priceMinor: 500 })).toMatchObject({ status: 400 });
    expect(await post(creator, { text: 'x', audience: 'everyone' })).toMatchObject({ status: 400 });
    expect(await post(creator, { text: 'x'.repeat(5001), audience: 'free' })).toMatchObject({ status: 400 });
    expect((await f.call('POST', '/api/posts', follower.token, { text: 'x', audience: 'free' })).status).toBe(403);
    expect((await f.call('GET', '/api/posts/mine?cursor=nonsense', creator.token)).status).toBe(400);
    expect((await f.call('GET', `/api/posts/${randomUUID()}`, creator.token)).status).toBe(404);
    expect((await f.call('PATCH', `/api/posts/${randomUUID()}`, creator.token, { text: 'y' })).status).toBe(404);
    expect(await postRows()).toBe(before);
  });

  it('lets nobody but the creator edit, pin or delete a post', async () => {
    const id = (await post(creator, { text: 'Mine', audience: 'free' })).body.id as string;
    const other = await f.creator('intruder');
    for (const [method, path, body] of [
      ['PATCH', `/api/posts/${id}`, { text: 'Theirs' }],
      ['PUT', `/api/posts/${id}/pin`, undefined],
      ['DELETE', `/api/posts/${id}`, undefined],
    ] as const) {
      expect((await f.call(method, path, other.token, body)).status).toBe(404);
      expect((await f.call(method, path, follower.token, body)).status).toBe(404);
    }
    expect((await f.call('GET', `/api/posts/${id}`, null)).body).toMatchObject({ text: 'Mine', pinned: false });
  });
});

describe('pinning, paging and deleting', () => {
  it('shows pinned posts first, pages the rest with a cursor, and a deleted post is gone', async () => {
    const shop = await f.creator('pages');
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three', 'four'])
      ids.push((await post(shop, { text, audience: 'free' })).body.id);
    expect((await f.call('PUT', `/api/posts/${ids[0]}/pin`, shop.token)).body.pinned).toBe(true);
    const first = await storePosts(null, shop.slug, '?limit=2');
    expect(first.body.posts.map((p: { text: string }) => p.text)).toEqual(['one', 'four', 'three']);
    const second = await storePosts(null, shop.slug, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.posts.map((p: { text: string }) => p.text)).toEqual(['two']);
    expect(second.body.nextCursor).toBeNull();

    const fan = await f.fan();
    await f.call('PUT', `/api/favorites/${shop.slug}`, fan.token);
    const feedFirst = await f.call('GET', '/api/feed?limit=3', fan.token);
    expect(feedFirst.body.posts.map((p: { text: string }) => p.text)).toEqual(['four', 'three', 'two']);
    const feedNext = await f.call('GET', `/api/feed?limit=3&cursor=${feedFirst.body.nextCursor}`, fan.token);
    expect(feedNext.body.posts.map((p: { text: string }) => p.text)).toEqual(['one']);

    expect((await f.call('DELETE', `/api/posts/${ids[3]}`, shop.token)).status).toBe(204);
    expect((await f.call('GET', `/api/posts/${ids[3]}`, shop.token)).status).toBe(404);
    expect((await storePosts(null, shop.slug)).body.posts.map((p: { text: string }) => p.text)).toEqual([
      'one',
      'three',
      'two',
    ]);
  });
});

describe('likes and comments', () => {
  it('counts likes once, takes comments, and lets the creator hide, delete and turn comments off', async () => {
    const id = (await post(creator, { text: 'Talk to me', audience: 'free' })).body.id as string;
    expect((await f.call('PUT', `/api/posts/${id}/like`, follower.token)).body).toEqual({ likes: 1, likedByMe: true });
    expect((await f.call('PUT', `/api/posts/${id}/like`, follower.token)).body).toEqual({ likes: 1, likedByMe: true });
    expect((await f.call('PUT', `/api/posts/${id}/like`, subscriber.token)).body.likes).toBe(2);
    expect((await f.call('DELETE', `/api/posts/${id}/like`, subscriber.token)).body).toEqual({
      likes: 1,
      likedByMe: false,
    });
    expect((await f.call('PUT', `/api/posts/${id}/like`, null)).status).toBe(401);

    const comment = await f.call('POST', `/api/posts/${id}/comments`, follower.token, { text: '  Lovely  ' });
    expect(comment).toMatchObject({ status: 201, body: { text: 'Lovely', mine: true, hidden: false } });
    expect((await f.call('POST', `/api/posts/${id}/comments`, follower.token, { text: '' })).status).toBe(400);
    const other = await f.call('POST', `/api/posts/${id}/comments`, subscriber.token, { text: 'Wow' });
    expect((await f.call('GET', `/api/posts/${id}`, null)).body).toMatchObject({ likes: 1, comments: 2 });

    // The creator hides the first: its author still sees it, others do not.
    const hidden = await f.call('PUT', `/api/posts/${id}/comments/${comment.body.id}/hidden`, creator.token);
    expect(hidden.body).toMatchObject({ hidden: true, canModerate: true });
    expect((await f.call('PUT', `/api/posts/${id}/comments/${comment.body.id}/hidden`, subscriber.token)).status).toBe(
      404,
    );
    const texts = async (token: string | null) =>
      (await f.call('GET', `/api/posts/${id}/comments`, token)).body.comments.map((c: { text: string }) => c.text);
    expect(await texts(subscriber.token)).toEqual(['Wow']);
    expect(await texts(follower.token)).toEqual(['Lovely', 'Wow']);
    expect(await texts(creator.token)).toEqual(['Lovely', 'Wow']);
    // Only the author or the creator deletes a comment.
    expect((await f.call('DELETE', `/api/posts/${id}/comments/${other.body.id}`, follower.token)).status).toBe(403);
    expect((await f.call('DELETE', `/api/posts/${id}/comments/${other.body.id}`, creator.token)).status).toBe(204);
    expect(await texts(null)).toEqual([]);

    expect(
      (await f.call('PATCH', `/api/posts/${id}`, creator.token, { commentsEnabled: false })).body.commentsEnabled,
    ).toBe(false);
    expect(await f.call('POST', `/api/posts/${id}/comments`, subscriber.token, { text: 'Still here' })).toMatchObject({
      status: 403,
      body: { code: 'comments_off' },
    });
  });

  it('refuses likes and comments from a fan the creator blocked', async () => {
    const id = (await post(creator, { text: 'No trolls', audience: 'free' })).body.id as string;
    const troll = await f.fan();
    const conversation = await f.open(troll, creator);
    expect((await f.call('PUT', `/api/messages/conversations/${conversation}/block`, creator.token)).status).toBe(200);
    expect(await f.call('PUT', `/api/posts/${id}/like`, troll.token)).toMatchObject({
      status: 403,
      body: { code: 'blocked' },
    });
    expect(await f.call('POST', `/api/posts/${id}/comments`, troll.token, { text: 'hi' })).toMatchObject({
      status: 403,
      body: { code: 'blocked' },
    });
    expect((await f.call('GET', `/api/posts/${id}`, null)).body).toMatchObject({ likes: 0, comments: 0 });
  });
});
