import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { signedInUser, staffSession, startTestPlatform, verifiedCreator, type TestPlatform } from '#app/testing';

const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-content-'));
let platform: TestPlatform;
let creator: Awaited<ReturnType<typeof verifiedCreator>>;
let moderator: Awaited<ReturnType<typeof staffSession>>;
let admin: Awaited<ReturnType<typeof staffSession>>;
const storeSlug = `golden-${Date.now().toString(36)}`;
let videoId = '';

async function api(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are checked field by field
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer()),
  };
}

interface UploadResult {
  url: string | null;
  error: (Error & { originalResponse?: { getStatus(): number; getBody(): string } }) | null;
  progress: number[];
}

/** A tus upload with the official client; `stopAfter` aborts it part-way (a dropped connection). */
function upload(
  token: string,
  file: Buffer,
  metadata: Record<string, string>,
  options: { uploadUrl?: string; stopAfter?: number; chunkSize?: number } = {},
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const progress: number[] = [];
    const task: tus.Upload = new tus.Upload(file, {
      endpoint: `${platform.baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl,
      headers: { authorization: `Bearer ${token}` },
      metadata,
      chunkSize: options.chunkSize ?? 256 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onProgress(sent, total) {
        progress.push(sent / total);
        if (options.stopAfter !== undefined && sent >= options.stopAfter) {
          void task.abort().then(() => resolve({ url: task.url, error: null, progress }));
        }
      },
      onSuccess: () => resolve({ url: task.url, error: null, progress }),
      onError: (error) => resolve({ url: task.url, error: error as UploadResult['error'], progress }),
    });
    task.start();
  });
}

const photo = (label: string, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .withMetadata({ exif: { IFD0: { Make: 'PhoneCam', Artist: `gps-home-address-${label}` } } })
    .jpeg()
    .toBuffer();

function video(seconds: number): Buffer {
  const path = join(storageDir, `clip-${seconds}.mp4`);
  execFileSync(ffmpegInstaller.path, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=640x360:rate=25`,
    '-vf',
    'noise=alls=60:allf=t+u',
    '-c:v',
    'libx264',
    '-b:v',
    '2M',
    '-pix_fmt',
    'yuv420p',
    '-metadata',
    'title=secret-location-tag',
    '-y',
    path,
  ]);
  return readFileSync(path);
}

const mediaRows = (contentId: string) =>
  platform.api
    .get(MikroORM)
    .em.fork()
    .execute<{ status: string }[]>(`select status from content_media where content_id = ?`, [contentId]);

beforeAll(async () => {
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir } });
  moderator = await staffSession(platform, 'moderator');
  admin = await staffSession(platform, 'admin');
  creator = await verifiedCreator(platform, { moderator });
});

afterAll(async () => {
  await platform?.close();
});

describe('uploads and pre-publication review', () => {
  let albumId: string;

  it('lets only verified creators start content', async () => {
    const fan = await signedInUser(platform);
    expect(
      (
        await api('POST', '/api/content', fan.session.access_token, {
          kind: 'album',
          title: 'Beach day',
          priceMinor: 999,
          currency: 'USD',
        })
      ).body,
    ).toMatchObject({ code: 'not_verified' });
    const bad = await api('POST', '/api/content', creator.token, {
      kind: 'podcast',
      title: 'x',
      priceMinor: -1,
      currency: 'JPY',
    });
    expect(bad.status).toBe(400);
    const album = await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Golden hour',
      description: 'Twelve frames at sunset.',
      priceMinor: 1299,
      currency: 'EUR',
    });
    expect(album).toMatchObject({ status: 201, body: { status: 'draft', kind: 'album', media: [] } });
    albumId = album.body.id;
    const store = await api('POST', '/api/stores', creator.token, { slug: storeSlug, displayName: 'Golden Studio' });
    expect(store.status).toBe(201);
  });

  it('uploads photos with tus, processes them in the worker (thumbnail, no metadata) and refuses a text file named .jpg', async () => {
    for (const [label, colour] of [
      ['one', { r: 220, g: 120, b: 60 }],
      ['two', { r: 60, g: 120, b: 220 }],
    ] as const) {
      const result = await upload(creator.token, await photo(label, colour), {
        contentId: albumId,
        filename: `${label}.jpg`,
        filetype: 'image/jpeg',
      });
      expect(result.error).toBeNull();
      expect(result.progress.at(-1)).toBe(1);
    }
    const fake = await upload(creator.token, Buffer.from('just text pretending to be a photo\n'.repeat(100)), {
      contentId: albumId,
      filename: 'fake.jpg',
      filetype: 'image/jpeg',
    });
    expect(fake.error?.originalResponse?.getStatus()).toBe(415);
    expect(fake.error?.originalResponse?.getBody()).toMatch(/not a photo/);

    await platform.drain();
    const view = (await api('GET', `/api/content/${albumId}`, creator.token)).body;
    expect(view.media).toHaveLength(2);
    expect(
      view.media.map((file: { status: string; width: number; height: number; format: string }) => [
        file.status,
        file.width,
        file.height,
        file.format,
      ]),
    ).toEqual([
      ['ready', 1600, 1200, 'jpeg'],
      ['ready', 1600, 1200, 'jpeg'],
    ]);
    const thumbnail = await api('GET', view.media[0].thumbnailUrl, null);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(thumbnail.body as Buffer).metadata()).width).toBe(480);
    const clean = (await api('GET', view.media[0].fileUrl, null)).body as Buffer;
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    expect(clean.includes(Buffer.from('gps-home-address'))).toBe(false);
    // The originals (with their metadata) are gone from the upload area.
    expect(readdirSync(join(storageDir, 'uploads')).filter((name) => !name.endsWith('.json'))).toHaveLength(0);
  });

  it("keeps another user's hands off the creator's uploads and content", async () => {
    const other = await verifiedCreator(platform, { moderator });
    const intrusion = await upload(other.token, await photo('x', { r: 1, g: 2, b: 3 }), {
      contentId: albumId,
      filename: 'x.jpg',
    });
    expect(intrusion.error?.originalResponse?.getStatus()).toBe(404);
    expect((await api('GET', `/api/content/${albumId}`, other.token)).status).toBe(404);
    expect((await api('PATCH', `/api/content/${albumId}`, other.token, { title: 'Mine now' })).status).toBe(404);
    expect((await api('POST', `/api/content/${albumId}/submit`, other.token)).status).toBe(404);
    const anonymous = await fetch(`${platform.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
    expect(await mediaRows(albumId)).toHaveLength(2);

    // The creator takes a file out again (and only the creator can).
    const extra = await upload(creator.token, await photo('three', { r: 10, g: 200, b: 90 }), {
      contentId: albumId,
      filename: 'three.jpg',
    });
    expect(extra.error).toBeNull();
    await platform.drain();
    const third = (await api('GET', `/api/content/${albumId}`, creator.token)).body.media[2];
    expect((await api('DELETE', `/api/content/${albumId}/media/${third.id}`, other.token)).status).toBe(404);
    const after = await api('DELETE', `/api/content/${albumId}/media/${third.id}`, creator.token);
    expect(after.body.media.map((file: { id: string }) => file.id)).not.toContain(third.id);
    expect(await mediaRows(albumId)).toHaveLength(2);
    expect((await api('GET', third.thumbnailUrl, null)).status).toBe(404);
  });

  it('keeps submitted content private until a moderator approves it; moderators are notified', async () => {
    const submitted = await api('POST', `/api/content/${albumId}/submit`, creator.token);
    expect(submitted.body).toMatchObject({ status: 'pending_review' });
    await platform.drain();
    await platform.inbox.waitFor(moderator.email, /New upload to review: Golden hour/);
    expect((await api('GET', `/api/stores/${storeSlug}/content`, null)).body.items).toEqual([]);
    expect(
      (await api('PATCH', `/api/content/${albumId}`, creator.token, { title: 'Changed while pending' })).body,
    ).toMatchObject({ code: 'not_editable' });

    const queue = (await api('GET', '/api/admin/content', moderator.token)).body.items as { id: string }[];
    expect(queue.map((item) => item.id)).toContain(albumId);
    expect((await api('POST', `/api/admin/content/${albumId}/approve`, moderator.token)).body).toMatchObject({
      code: 'not_claimed',
    });
    await api('POST', `/api/admin/content/${albumId}/claim`, moderator.token);
    const approved = await api('POST', `/api/admin/content/${albumId}/approve`, moderator.token);
    expect(approved.body).toMatchObject({ status: 'approved', decidedBy: moderator.userId });
    await platform.drain();
    await platform.inbox.waitFor(creator.email, /Approved: Golden hour is live/);

    const store = (await api('GET', `/api/stores/${storeSlug}/content`, null)).body.items;
    expect(store).toHaveLength(1);
    // A visitor who has not bought it gets the server's blurred preview, never the thumbnail.
    expect(store[0].media[0]).toMatchObject({ fileUrl: null, originalName: '', thumbnailUrl: null, previewUrl: null });
    expect((await api('GET', store[0].media[0].blurredUrl, null)).status).toBe(200);
  });

  it('lets admins remove content without notice (moderators cannot); removed media links stop working', async () => {
    const view = (await api('GET', `/api/content/${albumId}`, creator.token)).body;
    expect(
      (
        await api('POST', `/api/admin/content/${albumId}/remove`, moderator.token, {
          reason: 'Takedown request upheld',
        })
      ).status,
    ).toBe(403);
    const removed = await api('POST', `/api/admin/content/${albumId}/remove`, admin.token, {
      reason: 'Takedown request upheld',
    });
    expect(removed.body).toMatchObject({ status: 'removed' });
    expect((await api('GET', view.media[0].thumbnailUrl, null)).status).toBe(404);
    expect((await api('GET', `/api/stores/${storeSlug}/content`, null)).body.items).toEqual([]);
    const [entry] = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ actor_id: string; details: { before: { status: string }; after: { status: string } } }[]>(
        `select actor_id, details from audit_log where target_id = ? and action = 'content.removed'`,
        [albumId],
      );
    expect(entry).toMatchObject({
      actor_id: admin.userId,
      details: { before: { status: 'approved' }, after: { status: 'removed' } },
    });
  });
});

describe('videos', () => {
  it('resumes an upload after a dropped connection, probes it, strips its metadata, streams with ranges, and goes round reject → change → resubmit', async () => {
    const draft = await api('POST', '/api/content', creator.token, {
      kind: 'video',
      title: 'Studio session',
      priceMinor: 1999,
      currency: 'USD',
    });
    const clip = video(3);
    expect(clip.length).toBeGreaterThan(100_000);

    const first = await upload(
      creator.token,
      clip,
      { contentId: draft.body.id, filename: 'session.mp4', filetype: 'video/mp4' },
      { stopAfter: Math.floor(clip.length / 3), chunkSize: 32 * 1024 },
    );
    expect(first.url).toBeTruthy();
    const head = await fetch(`${platform.baseUrl}${new URL(first.url!, platform.baseUrl).pathname}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${creator.token}`, 'tus-resumable': '1.0.0' },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(clip.length);
    const resumed = await upload(
      creator.token,
      clip,
      { contentId: draft.body.id, filename: 'session.mp4' },
      { uploadUrl: first.url!, chunkSize: 32 * 1024 },
    );
    expect(resumed.error).toBeNull();
    expect(resumed.progress[0]).toBeGreaterThan(0.3); // it continued, it did not start over

    await platform.drain();
    const view = (await api('GET', `/api/content/${draft.body.id}`, creator.token)).body;
    expect(view.media[0]).toMatchObject({
      status: 'ready',
      mediaType: 'video',
      format: 'mp4',
      width: 640,
      height: 360,
    });
    expect(view.media[0].durationSeconds).toBeCloseTo(3, 0);
    const file = await api('GET', view.media[0].fileUrl, null);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    const cleanPath = join(storageDir, 'check.mp4');
    execFileSync('sh', ['-c', `cat > ${cleanPath}`], { input: file.body as Buffer });
    const tags = execFileSync(
      ffprobeInstaller.path,
      ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', cleanPath],
      { encoding: 'utf8' },
    );
    expect(tags).not.toContain('secret-location-tag');
    const teaser = await api('GET', view.media[0].previewUrl, null);
    expect(teaser.headers.get('content-type')).toBe('video/mp4');
    const teaserPath = join(storageDir, 'teaser.mp4');
    execFileSync('sh', ['-c', `cat > ${teaserPath}`], { input: teaser.body as Buffer });
    const teaserProbe = JSON.parse(
      execFileSync(
        ffprobeInstaller.path,
        ['-v', 'error', '-show_entries', 'stream=codec_type,width:format=duration', '-of', 'json', teaserPath],
        { encoding: 'utf8' },
      ),
    ) as { streams: { codec_type: string; width?: number }[]; format: { duration: string } };
    expect(teaserProbe.streams.map((stream) => stream.codec_type)).toEqual(['video']);
    expect(teaserProbe.streams[0].width).toBe(480);
    expect(Number(teaserProbe.format.duration)).toBeLessThanOrEqual(10.1);
    const range = await fetch(`${platform.baseUrl}${view.media[0].fileUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    expect((await api('POST', `/api/content/${draft.body.id}/submit`, creator.token)).body).toMatchObject({
      status: 'pending_review',
    });
    await api('POST', `/api/admin/content/${draft.body.id}/claim`, moderator.token);
    const rejected = await api('POST', `/api/admin/content/${draft.body.id}/reject`, moderator.token, {
      reason: 'A collaborator in frame is not on your verified list.',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'A collaborator in frame is not on your verified list.',
    });
    await platform.drain();
    const mail = await platform.inbox.waitFor(creator.email, /Changes needed: Studio session/);
    expect(mail.text).toContain('not on your verified list');
    expect(
      (await api('PATCH', `/api/content/${draft.body.id}`, creator.token, { title: 'Studio session (solo cut)' })).body,
    ).toMatchObject({ title: 'Studio session (solo cut)', status: 'rejected' });
    expect((await api('POST', `/api/content/${draft.body.id}/submit`, creator.token)).body).toMatchObject({
      status: 'pending_review',
      rejectionReason: null,
    });
    videoId = draft.body.id;
  });

  it('removes content when a moderator upholds a takedown, and restores it when an appeal is upheld', async () => {
    await api('POST', `/api/admin/content/${videoId}/claim`, moderator.token);
    expect((await api('POST', `/api/admin/content/${videoId}/approve`, moderator.token)).body).toMatchObject({
      status: 'approved',
    });
    const takedown = await api('POST', '/api/moderation/takedown-requests', null, {
      subjectType: 'content',
      subjectId: videoId,
      reason: 'depicted_without_consent',
      details: 'I appear in this video without consent.',
      email: 'person@example.test',
    });
    await api('POST', `/api/admin/moderation/cases/${takedown.body.id}/claim`, moderator.token);
    const resolved = await api('POST', `/api/admin/moderation/cases/${takedown.body.id}/resolve`, moderator.token, {
      outcome: 'content_removed',
      note: 'Consent not shown; removed.',
    });
    expect(resolved.body).toMatchObject({ status: 'resolved', outcome: 'content_removed' });
    expect((await api('GET', `/api/admin/content/${videoId}`, moderator.token)).body).toMatchObject({
      status: 'removed',
    });
    expect(
      (await api('GET', `/api/stores/${storeSlug}/content`, null)).body.items.map((item: { id: string }) => item.id),
    ).not.toContain(videoId);

    const appeal = await api('POST', '/api/moderation/appeals', creator.token, {
      subjectType: 'content',
      subjectId: videoId,
      reason: 'creator_removal',
      details: 'The person signed a release; here it is.',
      email: creator.email,
    });
    await api('POST', `/api/admin/moderation/cases/${appeal.body.id}/claim`, moderator.token);
    await api('POST', `/api/admin/moderation/cases/${appeal.body.id}/resolve`, moderator.token, {
      outcome: 'content_restored',
      note: 'Release form checked; restored.',
    });
    expect((await api('GET', `/api/admin/content/${videoId}`, moderator.token)).body).toMatchObject({
      status: 'approved',
    });
    const bogus = await api('POST', '/api/moderation/reports', null, {
      subjectType: 'content',
      subjectId: 'no-such-item',
      reason: 'spam',
      details: 'Spam spam spam spam.',
    });
    await api('POST', `/api/admin/moderation/cases/${bogus.body.id}/claim`, moderator.token);
    expect(
      (
        await api('POST', `/api/admin/moderation/cases/${bogus.body.id}/resolve`, moderator.token, {
          outcome: 'content_removed',
          note: 'Trying to remove.',
        })
      ).body,
    ).toMatchObject({ code: 'unknown_subject' });
  });
});
