import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { MediaProcessor } from '#app/content-moderation';
import {
  callApi,
  staffSession,
  type StaffSession,
  startTestPlatform,
  type TestPlatform,
  verifiedCreator,
} from '#app/testing';

/** Issue 17 #1, #2, #12 (content part) and #13: media change only while nobody reviews it, limits hold, nulls are 400s. */
const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-content-hardening-'));
const uploadsDir = join(storageDir, 'uploads');
const slug = `hardened-${Date.now().toString(36)}`;
const MB = 1024 * 1024;
let platform: TestPlatform;
let moderator: StaffSession;
let creator: Awaited<ReturnType<typeof verifiedCreator>>;
let albumId = '';

const api = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(platform, method, path, token, body);

/** A tus upload with the official client; `stopAfter` aborts it part-way (a dropped connection). */
function upload(
  file: Buffer,
  metadata: Record<string, string>,
  options: { uploadUrl?: string; stopAfter?: number } = {},
): Promise<{ url: string | null; status: number | null }> {
  return new Promise((resolve) => {
    const task: tus.Upload = new tus.Upload(file, {
      endpoint: `${platform.baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl,
      headers: { authorization: `Bearer ${creator.token}` },
      metadata,
      chunkSize: 64 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onProgress(sent) {
        if (options.stopAfter !== undefined && sent >= options.stopAfter)
          void task.abort().then(() => resolve({ url: task.url, status: null }));
      },
      onSuccess: () => resolve({ url: task.url, status: 204 }),
      onError: (error) =>
        resolve({
          url: task.url,
          status: (error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ?? -1,
        }),
    });
    task.start();
  });
}

/** The raw tus protocol, for what the official client never sends (deferred lengths, racing creations). */
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
async function tusCreate(fields: Record<string, string>, length: number | 'deferred'): Promise<string> {
  const response = await fetch(`${platform.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${creator.token}`,
      'tus-resumable': '1.0.0',
      'upload-metadata': tusMetadata(fields),
      ...(length === 'deferred' ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
    },
  });
  expect(response.status).toBe(201);
  return new URL(response.headers.get('location')!, platform.baseUrl).pathname;
}
async function tusPatch(
  path: string,
  offset: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${creator.token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...headers,
    },
    body: new Uint8Array(bytes),
  }).catch(() => null);
  return response?.status ?? -1;
}

const noisyPhoto = (seed: number) =>
  sharp({
    create: {
      width: 900,
      height: 700,
      channels: 3,
      background: { r: seed, g: 40, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
const mediaOf = (contentId: string) =>
  platform.api
    .get(MikroORM)
    .em.fork()
    .execute<{ id: string; status: string }[]>(
      `select id, status from content_media where content_id = ? order by position`,
      [contentId],
    );
const leftInUploads = (url: string) => readdirSync(uploadsDir).filter((name) => name.startsWith(url.split('/').pop()!));

beforeAll(async () => {
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir } });
  moderator = await staffSession(platform, 'moderator');
  creator = await verifiedCreator(platform, { moderator });
  expect((await api('POST', '/api/stores', creator.token, { slug, displayName: 'Hardened Studio' })).status).toBe(201);
});

afterAll(async () => {
  await platform?.close();
});

describe('null for required content fields is a 400 naming the field (#12)', () => {
  it('on POST /api/content', async () => {
    const valid = { kind: 'album', title: 'Null checks', priceMinor: 500, currency: 'USD' };
    for (const field of ['kind', 'title', 'priceMinor', 'currency', 'description'] as const) {
      const answer = await api('POST', '/api/content', creator.token, { ...valid, [field]: null });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          code: 'validation_failed',
          message: expect.stringContaining(field),
          details: expect.arrayContaining([expect.objectContaining({ field })]),
        },
      });
    }
    expect((await api('GET', '/api/content/mine', creator.token)).body.items).toEqual([]);
  });

  it('on PATCH /api/content/{id}, changing nothing', async () => {
    const album = await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Golden hour',
      priceMinor: 1299,
      currency: 'EUR',
    });
    albumId = album.body.id;
    for (const field of ['title', 'description', 'priceMinor', 'currency', 'collaboratorIds'] as const) {
      const answer = await api('PATCH', `/api/content/${albumId}`, creator.token, { [field]: null });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          code: 'validation_failed',
          message: expect.stringContaining(field),
          details: expect.arrayContaining([expect.objectContaining({ field })]),
        },
      });
    }
    expect((await api('GET', `/api/content/${albumId}`, creator.token)).body).toMatchObject({
      title: 'Golden hour',
      description: '',
      priceMinor: 1299,
      currency: 'EUR',
    });
  });
});

describe('media change only while an item is a draft or rejected (#1)', () => {
  it('refuses the rest of an upload started before the item was submitted and approved, and deletes its bytes', async () => {
    expect((await upload(await noisyPhoto(1), { contentId: albumId, filename: 'first.jpg' })).status).toBe(204);
    const late = await upload(
      await noisyPhoto(2),
      { contentId: albumId, filename: 'late.jpg' },
      { stopAfter: 64 * 1024 },
    );
    expect(late.url).toBeTruthy();
    await platform.drain();
    expect((await api('POST', `/api/content/${albumId}/submit`, creator.token)).body).toMatchObject({
      status: 'pending_review',
    });
    await api('POST', `/api/admin/content/${albumId}/claim`, moderator.token);
    expect((await api('POST', `/api/admin/content/${albumId}/approve`, moderator.token)).body).toMatchObject({
      status: 'approved',
    });

    const resumed = await upload(
      await noisyPhoto(2),
      { contentId: albumId, filename: 'late.jpg' },
      { uploadUrl: late.url! },
    );
    expect(resumed.status).toBe(409);
    await platform.drain();
    expect(await mediaOf(albumId)).toEqual([expect.objectContaining({ status: 'ready' })]);
    expect(leftInUploads(late.url!)).toEqual([]);
    const [file] = await mediaOf(albumId);
    expect((await api('DELETE', `/api/content/${albumId}/media/${file.id}`, creator.token)).body).toMatchObject({
      code: 'not_editable',
    });
  });

  it('the media job does not attach a processed file to an item that left draft meanwhile', async () => {
    const album = await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Second set',
      priceMinor: 100,
      currency: 'USD',
    });
    expect((await upload(await noisyPhoto(3), { contentId: album.body.id, filename: 'a.jpg' })).status).toBe(204);
    // As if the item had been submitted and approved between the upload's finish and the worker's turn.
    await platform.api
      .get(MikroORM)
      .em.fork()
      .execute(`update content_items set status = 'approved' where id = ?`, [album.body.id]);
    await platform.drain();
    expect(await mediaOf(album.body.id)).toEqual([]);
    await platform.api
      .get(MikroORM)
      .em.fork()
      .execute(`update content_items set status = 'draft' where id = ?`, [album.body.id]);
  });
});

describe('a media job repeated after its file was processed', () => {
  it('only removes the original a run cut off between its commit and its clean-up left behind', async () => {
    const album = await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Cut off set',
      priceMinor: 100,
      currency: 'USD',
    });
    const sent = await upload(await noisyPhoto(4), { contentId: album.body.id, filename: 'a.jpg' });
    expect(sent.status).toBe(204);
    await platform.drain();
    const [media] = await mediaOf(album.body.id);
    expect(media.status).toBe('ready');
    expect(leftInUploads(sent.url!).filter((name) => !name.endsWith('.json'))).toEqual([]);
    // The bytes as a worker killed after committing the file (before deleting its original) left them.
    writeFileSync(join(uploadsDir, sent.url!.split('/').pop()!), await noisyPhoto(4));
    expect(await platform.worker!.get(MediaProcessor).process(media.id)).toBe('skipped');
    expect(leftInUploads(sent.url!).filter((name) => !name.endsWith('.json'))).toEqual([]);
    expect(await mediaOf(album.body.id)).toEqual([media]);
  });
});

describe("every listing of a store's content follows the store's adult rule (#2)", () => {
  it('has no anonymous listing by creator id; the adult store answers 401 to anonymous visitors', async () => {
    expect((await api('GET', `/api/stores/${slug}/content`, null)).body.items.length).toBeGreaterThan(0);
    expect((await api('PATCH', '/api/stores/mine', creator.token, { nsfw: { isNsfw: true } })).status).toBe(200);
    expect((await api('GET', `/api/stores/${slug}/content`, null)).status).toBe(401);
    const byCreator = await api('GET', `/api/content/by-creator/${creator.userId}`, null);
    expect(byCreator.status).toBe(404);
    expect(byCreator.body?.items).toBeUndefined();
  });
});

describe('upload limits (#13)', () => {
  it('stops a deferred-length photo at 50 MB as its bytes arrive', async () => {
    const album = await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Deferred',
      priceMinor: 100,
      currency: 'USD',
    });
    const path = await tusCreate({ contentId: album.body.id, filename: 'huge.jpg' }, 'deferred');
    const head = Buffer.alloc(30 * MB);
    head.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await tusPatch(path, 0, head)).toBe(204);
    expect(await tusPatch(path, 30 * MB, Buffer.alloc(30 * MB))).toBe(413);
    expect(await tusPatch(path, 30 * MB, Buffer.alloc(0), { 'upload-length': String(60 * MB) })).toBe(413);
    const name = path.split('/').pop()!;
    expect(statSync(join(uploadsDir, name)).size).toBeLessThanOrEqual(50 * MB);
    expect(await mediaOf(album.body.id)).toEqual([]);
  });

  it('holds one file per video even when two uploads race', async () => {
    const item = await api('POST', '/api/content', creator.token, {
      kind: 'video',
      title: 'Race',
      priceMinor: 100,
      currency: 'USD',
    });
    const clip = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096)]);
    const first = await tusCreate({ contentId: item.body.id, filename: 'a.mp4' }, clip.length);
    const second = await tusCreate({ contentId: item.body.id, filename: 'b.mp4' }, clip.length);
    const answers = await Promise.all([tusPatch(first, 0, clip), tusPatch(second, 0, clip)]);
    expect([...answers].sort()).toEqual([204, 409]);
    expect(await mediaOf(item.body.id)).toHaveLength(1);
    const refused = answers[0] === 409 ? first : second;
    expect(leftInUploads(refused)).toEqual([]);
  });
});
