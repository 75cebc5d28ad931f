// Issue 20: a creator's order, cover and free teaser of an album persist, only by its creator, and
// bad orders change nothing; order and cover are presentation (no new review); the public sees
// blurred thumbnails unless the creator offers a free preview, and only of an approved item.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import {
  callApi,
  signedInUser,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  type TestPlatform,
} from '#app/testing';

let platform: TestPlatform;
let creator: Awaited<ReturnType<typeof verifiedCreator>>;
let moderator: Awaited<ReturnType<typeof staffSession>>;
const slug = `arranged-${Date.now().toString(36)}`;
let albumId = '';
/** The album's files by label, in upload order. */
const ids: Record<string, string> = {};

const api = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(platform, method, path, token, body);
const db = () => platform.api.get(MikroORM).em.fork();
const rows = async () => ({
  item: await db().execute(
    `select status, cover_media_id, teaser, revision, updated_at from content_items where id = ?`,
    [albumId],
  ),
  media: await db().execute(`select id, position from content_media where content_id = ? order by position`, [albumId]),
});
const order = (view: { media: { id: string }[] }) =>
  view.media.map((file) => Object.entries(ids).find(([, id]) => id === file.id)?.[0]);

function upload(label: string, colour: { r: number; g: number; b: number }): Promise<void> {
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
    .then(
      (bytes) =>
        new Promise((resolve, reject) => {
          const task = new tus.Upload(bytes, {
            endpoint: `${platform.baseUrl}/api/uploads`,
            headers: { authorization: `Bearer ${creator.token}` },
            metadata: { contentId: albumId, filename: `${label}.jpg`, filetype: 'image/jpeg' },
            retryDelays: [],
            storeFingerprintForResuming: false,
            onSuccess: () => resolve(),
            onError: reject,
          });
          task.start();
        }),
    );
}

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'fanmint-arrange-')) },
  });
  moderator = await staffSession(platform, 'moderator');
  creator = await verifiedCreator(platform, { moderator });
  expect((await api('POST', '/api/stores', creator.token, { slug, displayName: 'Arranged Studio' })).status).toBe(201);
  albumId = (
    await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Blue hour',
      priceMinor: 900,
      currency: 'EUR',
    })
  ).body.id;
  for (const [label, colour] of [
    ['red', { r: 220, g: 40, b: 40 }],
    ['green', { r: 40, g: 200, b: 60 }],
    ['blue', { r: 40, g: 60, b: 220 }],
    ['spare', { r: 90, g: 90, b: 90 }],
  ] as const) {
    await upload(label, colour);
  }
  await platform.drain();
  for (const file of (await api('GET', `/api/content/${albumId}`, creator.token)).body.media)
    ids[file.originalName.replace('.jpg', '')] = file.id;
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

describe('arranging an album', () => {
  it('numbers the photos in upload order, with the first as cover and a blurred card by default; a removed photo leaves no duplicate position', async () => {
    expect((await api('DELETE', `/api/content/${albumId}/media/${ids.green}`, creator.token)).status).toBe(200);
    delete ids.green;
    await upload('late', { r: 240, g: 200, b: 40 });
    await platform.drain();
    const view = (await api('GET', `/api/content/${albumId}`, creator.token)).body;
    ids.late = view.media.at(-1).id;
    expect(order(view)).toEqual(['red', 'blue', 'spare', 'late']);
    expect(view.media.map((file: { number: number }) => file.number)).toEqual([1, 2, 3, 4]);
    expect(view).toMatchObject({ coverMediaId: ids.red, teaser: 'blurred', teaserUrl: null });
    const positions = (await rows()).media.map((row) => (row as { position: number }).position);
    expect(new Set(positions).size).toBe(4);
  });

  it('puts the photos in the order given, and it persists', async () => {
    const reordered = await api('PUT', `/api/content/${albumId}/media-order`, creator.token, {
      mediaIds: [ids.late, ids.red, ids.spare, ids.blue],
    });
    expect(reordered.status).toBe(200);
    expect(order(reordered.body)).toEqual(['late', 'red', 'spare', 'blue']);
    const again = (await api('GET', `/api/content/${albumId}`, creator.token)).body;
    expect(order(again)).toEqual(['late', 'red', 'spare', 'blue']);
    expect(again.media.map((file: { number: number }) => file.number)).toEqual([1, 2, 3, 4]);
    // The cover was never chosen, so it follows the order: the first photo.
    expect(again.coverMediaId).toBe(ids.late);
  });

  it('refuses an order with unknown, repeated or missing files (or no list at all) with 400, and changes nothing', async () => {
    const before = await rows();
    const stranger = '00000000-0000-4000-8000-000000000000';
    const bad = [
      { mediaIds: [ids.late, ids.red, ids.spare, ids.blue, stranger] },
      { mediaIds: [ids.late, ids.red, ids.spare, ids.spare] },
      { mediaIds: [ids.late, ids.red, ids.spare] },
      { mediaIds: [] },
      { mediaIds: ['not-a-uuid'] },
      { mediaIds: ids.late },
      {},
    ];
    for (const body of bad) {
      const answer = await api('PUT', `/api/content/${albumId}/media-order`, creator.token, body);
      expect({ body, status: answer.status, code: answer.body?.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
    }
    expect(
      (
        await api('PUT', `/api/content/${albumId}/media-order`, creator.token, {
          mediaIds: [ids.late, ids.red, ids.spare, ids.spare],
        })
      ).body.message,
    ).toMatch(/listed more than once/);
    expect(
      (await api('PUT', `/api/content/${albumId}/media-order`, creator.token, { mediaIds: [ids.late] })).body.message,
    ).toMatch(/missing/);
    for (const body of [{ mediaId: stranger }, { mediaId: 'x' }, {}])
      expect((await api('PUT', `/api/content/${albumId}/cover`, creator.token, body)).status).toBe(400);
    for (const body of [{ teaser: 'free' }, { teaser: null }, {}])
      expect((await api('PUT', `/api/content/${albumId}/teaser`, creator.token, body)).status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it("keeps another creator's, a fan's and an anonymous caller's hands off the order, cover and teaser", async () => {
    const before = await rows();
    const other = await verifiedCreator(platform, { moderator });
    const fan = await signedInUser(platform);
    const routes = [
      ['media-order', { mediaIds: [ids.blue, ids.spare, ids.red, ids.late] }],
      ['cover', { mediaId: ids.blue }],
      ['teaser', { teaser: 'preview' }],
    ] as const;
    const answers: string[] = [];
    for (const [route, body] of routes) {
      for (const [who, token] of [
        ['anonymous', null],
        ['other creator', other.token],
        ['fan', fan.session.access_token],
        ['moderator', moderator.token],
      ] as const) {
        answers.push(`${route} ${who} ${(await api('PUT', `/api/content/${albumId}/${route}`, token, body)).status}`);
      }
    }
    expect(answers).toEqual(
      routes.flatMap(([route]) => [
        `${route} anonymous 401`,
        `${route} other creator 404`,
        `${route} fan 404`,
        `${route} moderator 404`,
      ]),
    );
    expect(await rows()).toEqual(before);
  });

  it("chooses the cover among the album's photos and a free preview; a video chooses no cover", async () => {
    const covered = await api('PUT', `/api/content/${albumId}/cover`, creator.token, { mediaId: ids.spare });
    expect(covered.body).toMatchObject({ coverMediaId: ids.spare, status: 'draft' });
    const previewed = await api('PUT', `/api/content/${albumId}/teaser`, creator.token, { teaser: 'preview' });
    expect(previewed.body).toMatchObject({
      teaser: 'preview',
      teaserUrl: expect.stringMatching(/^\/api\/media\?token=/),
    });
    // Still a draft: nothing about it is public.
    expect((await api('GET', `/api/stores/${slug}/content`, null)).body.items).toEqual([]);

    const video = (
      await api('POST', '/api/content', creator.token, {
        kind: 'video',
        title: 'Clip',
        priceMinor: 500,
        currency: 'EUR',
      })
    ).body;
    const refused = await api('PUT', `/api/content/${video.id}/cover`, creator.token, { mediaId: ids.red });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((await api('PUT', `/api/content/${albumId}/cover`, creator.token, { mediaId: video.id })).status).toBe(400);
  });

  it('holds the order while in review (the cover may still change), and the moderator sees the same numbers', async () => {
    expect((await api('POST', `/api/content/${albumId}/submit`, creator.token)).body.status).toBe('pending_review');
    const held = await api('PUT', `/api/content/${albumId}/media-order`, creator.token, {
      mediaIds: [ids.red, ids.late, ids.spare, ids.blue],
    });
    expect(held).toMatchObject({
      status: 409,
      body: { code: 'not_editable', message: expect.stringMatching(/in review/) },
    });
    const staffView = (await api('GET', `/api/admin/content/${albumId}`, moderator.token)).body;
    expect(order(staffView)).toEqual(['late', 'red', 'spare', 'blue']);
    expect(staffView.media.map((file: { number: number }) => file.number)).toEqual([1, 2, 3, 4]);
    expect((await api('POST', `/api/admin/content/${albumId}/claim`, moderator.token)).status).toBe(200);
    expect((await api('POST', `/api/admin/content/${albumId}/approve`, moderator.token)).body.status).toBe('approved');
    await platform.drain();
  });

  it('shows the public blurred previews in the creator order and the chosen cover as the free preview, unblurred', async () => {
    const [item] = (await api('GET', `/api/stores/${slug}/content`, null)).body.items;
    expect(item).toMatchObject({ id: albumId, teaser: 'preview', coverMediaId: ids.spare });
    expect(item.media.map((file: { id: string }) => file.id)).toEqual([ids.late, ids.red, ids.spare, ids.blue]);
    const cover = await fetch(`${platform.baseUrl}${item.teaserUrl}`);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(480);
    for (const file of item.media as { thumbnailUrl: string | null; blurredUrl: string; fileUrl: null }[]) {
      // A visitor who has not bought it gets the server's blurred preview, never the thumbnail or the file.
      expect({ thumbnailUrl: file.thumbnailUrl, fileUrl: file.fileUrl }).toEqual({ thumbnailUrl: null, fileUrl: null });
      const blurred = Buffer.from(await (await fetch(`${platform.baseUrl}${file.blurredUrl}`)).arrayBuffer());
      expect((await sharp(blurred).metadata()).width).toBe(320);
    }
  });

  it('reorders and recovers an approved album without a new review or an event to commerce; back to a blurred card, the preview is gone', async () => {
    const before = (await rows()).item[0] as { revision: number };
    const moved = await api('PUT', `/api/content/${albumId}/media-order`, creator.token, {
      mediaIds: [ids.blue, ids.spare, ids.red, ids.late],
    });
    expect(moved.body).toMatchObject({ status: 'approved' });
    expect(
      (await api('PUT', `/api/content/${albumId}/cover`, creator.token, { mediaId: ids.blue })).body,
    ).toMatchObject({ status: 'approved', coverMediaId: ids.blue });
    expect(((await rows()).item[0] as { revision: number }).revision).toBe(before.revision);
    const [item] = (await api('GET', `/api/stores/${slug}/content`, null)).body.items;
    expect(item.media.map((file: { id: string }) => file.id)).toEqual([ids.blue, ids.spare, ids.red, ids.late]);
    expect(item.coverMediaId).toBe(ids.blue);

    expect(
      (await api('PUT', `/api/content/${albumId}/teaser`, creator.token, { teaser: 'blurred' })).body,
    ).toMatchObject({ teaser: 'blurred', teaserUrl: null });
    expect((await api('GET', `/api/stores/${slug}/content`, null)).body.items[0]).toMatchObject({
      teaser: 'blurred',
      teaserUrl: null,
    });
  });

  it('refuses every change to removed content', async () => {
    const admin = await staffSession(platform, 'admin');
    expect(
      (await api('POST', `/api/admin/content/${albumId}/remove`, admin.token, { reason: 'Takedown request upheld' }))
        .status,
    ).toBe(200);
    const before = await rows();
    expect(
      (
        await api('PUT', `/api/content/${albumId}/media-order`, creator.token, {
          mediaIds: [ids.late, ids.red, ids.spare, ids.blue],
        })
      ).status,
    ).toBe(409);
    expect((await api('PUT', `/api/content/${albumId}/cover`, creator.token, { mediaId: ids.red })).status).toBe(409);
    expect((await api('PUT', `/api/content/${albumId}/teaser`, creator.token, { teaser: 'preview' })).status).toBe(409);
    expect(await rows()).toEqual(before);
  });
});
