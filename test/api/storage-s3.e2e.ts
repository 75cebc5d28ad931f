import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PrivateFiles, QueueFactory } from '#app/platform';
import {
  FixedClock,
  startS3Server,
  startTestPlatform,
  tusUpload,
  type S3TestServer,
  type TestPlatform,
} from '#app/testing';
import { call, newKey, startCommercePlatform, waitFor } from './commerce-fixtures.js';

/**
 * The platform on an S3-protocol server (s3rver): uploads, processing, buyer reads, ID documents,
 * several api instances on one bucket, and the bucket going away.
 */
const clock = new FixedClock();
let s3: S3TestServer;
let f: Awaited<ReturnType<typeof startCommercePlatform>>;
let other: TestPlatform;
let signing: TestPlatform;
let albumId = '';
let photo: Buffer;

const keys = async (prefix: string) => {
  const listed = await s3.storage().client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
};

/** Another api instance (no worker) on the same database, bucket and secrets. */
const instance = (env: Record<string, string> = {}) =>
  startTestPlatform({
    objectStore: s3,
    worker: false,
    acquirer: false,
    clock,
    env: {
      LAUNCH_PHASE: 'live',
      JWT_SECRET: f.platform.config.JWT_SECRET,
      PUBLIC_URL: f.platform.config.PUBLIC_URL,
      ...env,
    },
  });

beforeAll(async () => {
  s3 = await startS3Server();
  f = await startCommercePlatform(clock, { objectStore: s3 });
  other = await instance();
  signing = await instance({ MEDIA_SIGNED_URLS: 'true' });
  // Noise does not compress: about 13 MB, so the tus S3 store writes more than one multipart part.
  photo = await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
});

afterAll(async () => {
  await f?.platform.drain(30_000).catch(() => undefined);
  await signing?.close();
  await other?.close();
  await f?.platform.close();
  await s3?.close();
});

describe('file storage on S3', () => {
  it('keeps ID documents sealed in the bucket (never the plaintext), and reads them back', async () => {
    const sealed = await keys('private/verification/');
    expect(sealed.length).toBeGreaterThanOrEqual(2);
    const files = f.platform.api.get(PrivateFiles);
    for (const key of sealed) {
      const raw = (await s3.storage().get(key))!;
      const plain = await files.get(key.slice('private/'.length));
      expect(raw.subarray(0, 6).toString()).toBe('FMENC1');
      expect(plain.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(raw.includes(plain.subarray(0, 64))).toBe(false);
    }
    expect(existsSync(join(f.storageDir, 'private'))).toBe(false);
  });

  it('takes a tus upload into the bucket, resumes it on another api instance, and processes it in the worker from the bucket', async () => {
    const album = await call(f.platform, 'POST', '/api/content', f.creator.token, {
      kind: 'album',
      title: 'Noise study',
      priceMinor: 1200,
      currency: 'USD',
    });
    expect(album.status).toBe(201);
    albumId = album.body.id;
    const metadata = { contentId: albumId, filename: 'noise.png', filetype: 'image/png' };
    const first = await tusUpload(f.platform.baseUrl, f.creator.token, photo, metadata, {
      stopAfter: 5 * 1024 * 1024,
      chunkSize: 2 * 1024 * 1024,
    });
    expect(first.error).toBeNull();
    expect(first.progress.at(-1)).toBeLessThan(1);
    // The same upload, resumed through the other instance: its state is in the bucket, not in the first one's memory.
    const elsewhere = first.url!.replace(f.platform.baseUrl, other.baseUrl);
    const resumed = await tusUpload(other.baseUrl, f.creator.token, photo, metadata, {
      uploadUrl: elsewhere,
      chunkSize: 2 * 1024 * 1024,
    });
    expect(resumed.error).toBeNull();
    expect(resumed.progress[0]).toBeGreaterThan(0.3);
    expect(resumed.progress.at(-1)).toBe(1);

    await f.platform.drain(60_000);
    const view = (await call(f.platform, 'GET', `/api/content/${albumId}`, f.creator.token)).body;
    expect(view.media).toEqual([expect.objectContaining({ status: 'ready', width: 2400, height: 1800 })]);
    const mediaId = view.media[0].id as string;
    expect(await keys(`media/${mediaId}`)).toEqual(
      expect.arrayContaining([`media/${mediaId}-thumb.webp`, `media/${mediaId}-clean.jpg`]),
    );
    // The original left the bucket with its tus state; nothing of it is on the api's disk.
    expect(await keys('uploads/')).toEqual([]);
    expect(existsSync(join(f.storageDir, 'uploads'))).toBe(false);
    expect(existsSync(join(f.storageDir, 'media'))).toBe(false);
  });

  it("streams the buyer's file with ranges through the api, or redirects to a short-lived presigned URL (MEDIA_SIGNED_URLS)", async () => {
    expect((await call(f.platform, 'POST', `/api/content/${albumId}/submit`, f.creator.token)).status).toBe(200);
    for (const step of ['claim', 'approve'])
      expect((await call(f.platform, 'POST', `/api/admin/content/${albumId}/${step}`, f.moderator.token)).status).toBe(
        200,
      );
    await f.platform.drain();
    const fan = await f.newFan();
    const bought = await call(
      f.platform,
      'POST',
      '/api/purchases',
      fan.session.access_token,
      { kind: 'content', contentId: albumId, method: 'card' },
      { 'idempotency-key': newKey() },
    );
    expect(bought.status).toBe(201);
    await f.settle(bought.body.id);
    const opened = await call(f.platform, 'GET', `/api/purchases/${bought.body.id}/content`, fan.session.access_token);
    const fileUrl = opened.body.media[0].fileUrl as string;
    clock.set(new Date());

    const whole = Buffer.from(await (await fetch(`${f.platform.baseUrl}${fileUrl}`)).arrayBuffer());
    expect((await sharp(whole).metadata()).format).toBe('jpeg');
    const range = await fetch(`${f.platform.baseUrl}${fileUrl}`, { headers: { range: 'bytes=100-1123' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1123/${whole.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(whole.subarray(100, 1124));

    const redirect = await fetch(`${signing.baseUrl}${fileUrl}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/media/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('120');
    const signedRange = await fetch(location, { headers: { range: 'bytes=100-1123' } });
    expect(signedRange.status).toBe(206);
    expect(Buffer.from(await signedRange.arrayBuffer())).toEqual(whole.subarray(100, 1124));
    // Pages of that instance let images and video load from the bucket's origin; the streaming instance's do not.
    const policy = (await fetch(`${signing.baseUrl}/health/live`)).headers.get('content-security-policy')!;
    expect(policy).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    expect(policy).toContain(`media-src 'self' ${s3.endpoint}`);
    expect((await fetch(`${f.platform.baseUrl}/health/live`)).headers.get('content-security-policy')).not.toContain(
      s3.endpoint,
    );
    // The link's checks still come first: a forged token gets no redirect.
    expect((await fetch(`${signing.baseUrl}/api/media?token=forged`, { redirect: 'manual' })).status).toBe(403);
  });
});

describe('the bucket going away', () => {
  it('answers 503 to uploads while it is down, leaves nothing half-written, and resumes once it is back', async () => {
    const draft = await call(f.platform, 'POST', '/api/content', f.creator.token, {
      kind: 'album',
      title: 'Outage',
      priceMinor: 500,
      currency: 'USD',
    });
    const metadata = { contentId: draft.body.id, filename: 'noise.png', filetype: 'image/png' };
    expect((await fetch(`${f.platform.baseUrl}/health/live`)).status).toBe(200);

    await s3.stop();
    try {
      const refused = await tusUpload(f.platform.baseUrl, f.creator.token, photo, metadata, {
        chunkSize: 2 * 1024 * 1024,
      });
      expect(refused.error?.originalResponse?.getStatus()).toBe(503);
      expect(JSON.parse(refused.error!.originalResponse!.getBody())).toMatchObject({
        code: 'storage_unavailable',
        message: expect.stringMatching(/storage is unavailable/),
      });
      const ready = await fetch(`${f.platform.baseUrl}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'up', queue: 'up', storage: 'down' },
      });
      expect((await fetch(`${f.platform.baseUrl}/health/live`)).status).toBe(200);
      // Other writes too: a new store banner is refused and the store keeps none.
      const form = new FormData();
      form.append(
        'image',
        new Blob(
          [
            new Uint8Array(
              await sharp({ create: { width: 1600, height: 400, channels: 3, background: { r: 9, g: 9, b: 9 } } })
                .jpeg()
                .toBuffer(),
            ),
          ],
          { type: 'image/jpeg' },
        ),
        'banner.jpg',
      );
      const banner = await fetch(`${f.platform.baseUrl}/api/stores/mine/banner`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${f.creator.token}` },
        body: form,
      });
      expect(banner.status).toBe(503);
      expect(await banner.json()).toMatchObject({ code: 'storage_unavailable' });
    } finally {
      await s3.start();
    }
    expect((await fetch(`${f.platform.baseUrl}/health/ready`)).status).toBe(200);
    expect((await call(f.platform, 'GET', '/api/stores/mine', f.creator.token)).body.images.bannerUrl).toBeNull();

    // Down mid-way: the PATCH that was writing fails with 503, and no file is attached.
    const started = await tusUpload(f.platform.baseUrl, f.creator.token, photo, metadata, {
      stopAfter: 4 * 1024 * 1024,
      chunkSize: 2 * 1024 * 1024,
    });
    expect(started.error).toBeNull();
    await s3.stop();
    let cut;
    try {
      cut = await tusUpload(other.baseUrl, f.creator.token, photo, metadata, {
        uploadUrl: started.url!.replace(f.platform.baseUrl, other.baseUrl),
        chunkSize: 2 * 1024 * 1024,
      });
    } finally {
      await s3.start();
    }
    expect(cut.error?.originalResponse?.getStatus()).toBe(503);
    expect((await call(f.platform, 'GET', `/api/content/${draft.body.id}`, f.creator.token)).body.media).toEqual([]);
    const uploadId = started.url!.split('/').pop()!;
    expect(await keys(`uploads/${uploadId}`)).not.toContain(`uploads/${uploadId}`);

    // Back up: the same upload finishes from where the bucket says it stopped.
    const finished = await tusUpload(f.platform.baseUrl, f.creator.token, photo, metadata, {
      uploadUrl: started.url!,
      chunkSize: 2 * 1024 * 1024,
    });
    expect(finished.error).toBeNull();
    expect(finished.progress.at(-1)).toBe(1);
    await f.platform.drain(60_000);
    expect((await call(f.platform, 'GET', `/api/content/${draft.body.id}`, f.creator.token)).body.media).toEqual([
      expect.objectContaining({ status: 'ready' }),
    ]);
  });

  it('retries the media job while the bucket is down, instead of failing the file', async () => {
    const draft = await call(f.platform, 'POST', '/api/content', f.creator.token, {
      kind: 'album',
      title: 'Retry',
      priceMinor: 500,
      currency: 'USD',
    });
    const small = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    const media = f.platform.worker!.get(QueueFactory).queue('media');
    // The file lands while the bucket is up; its job waits (queue paused) until the bucket is down.
    await media.pause();
    const uploaded = await tusUpload(f.platform.baseUrl, f.creator.token, small, {
      contentId: draft.body.id,
      filename: 'small.jpg',
      filetype: 'image/jpeg',
    });
    expect(uploaded.error).toBeNull();
    await s3.stop();
    try {
      await media.resume();
      await waitFor(
        async () => (await media.getJobs(['delayed', 'waiting'])).some((job) => job.attemptsMade >= 1),
        20_000,
        'a media job attempt to fail on the storage',
      );
      expect((await call(f.platform, 'GET', `/api/content/${draft.body.id}`, f.creator.token)).body.media).toEqual([
        expect.objectContaining({ status: 'uploaded' }),
      ]);
    } finally {
      await s3.start();
    }
    await f.platform.drain(60_000);
    expect((await call(f.platform, 'GET', `/api/content/${draft.body.id}`, f.creator.token)).body.media).toEqual([
      expect.objectContaining({ status: 'ready' }),
    ]);
  });
});
