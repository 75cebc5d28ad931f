import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { callApi } from './http.js';
import type { TestPlatform } from './test-platform.js';
import { tusUpload } from './tus.js';
import { waitFor } from './wait.js';

export interface ContentSpec {
  kind?: 'album' | 'video';
  title?: string;
  priceMinor?: number;
  currency?: string;
}

let photoSeed = 0;

/** A small JPEG, a different colour each call (the upload pipeline re-encodes it). */
function albumPhoto(): Promise<Buffer> {
  photoSeed = (photoSeed + 37) % 200;
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30 + photoSeed, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

let clip: Buffer | null = null;

/** A one-second H.264 clip, made once per test process (the worker probes, transcodes and cuts a teaser from it). */
function videoClip(): Buffer {
  if (!clip) {
    const path = join(mkdtempSync(join(tmpdir(), 'fanmint-clip-')), 'clip.mp4');
    const lavfi = 'testsrc=duration=1:size=320x180:rate=25';
    execFileSync(ffmpegInstaller.path, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      lavfi,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-y',
      path,
    ]);
    clip = readFileSync(path);
  }
  return clip;
}

async function ok(answer: Promise<{ status: number; text: string; body: unknown }>, what: string, status = 200) {
  const response = await answer;
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${response.text}`);
  return response.body as { id: string; status: string };
}

/**
 * An album (one photo) or a video pending review, as its creator makes one: the draft, the file over
 * tus (processed by the worker), then the submission. Needs a running worker (drain).
 */
export async function submittedContent(platform: TestPlatform, creatorToken: string, spec: ContentSpec = {}) {
  const kind = spec.kind ?? 'album';
  const { id } = await ok(
    callApi(platform, 'POST', '/api/content', creatorToken, {
      kind,
      title: spec.title ?? 'Test album',
      priceMinor: spec.priceMinor ?? 900,
      currency: spec.currency ?? 'USD',
    }),
    'POST /api/content',
    201,
  );
  const upload = await tusUpload(
    platform.baseUrl,
    creatorToken,
    kind === 'video' ? videoClip() : await albumPhoto(),
    kind === 'video'
      ? { contentId: id, filename: 'clip.mp4', filetype: 'video/mp4' }
      : { contentId: id, filename: 'photo.jpg', filetype: 'image/jpeg' },
  );
  if (upload.error) throw upload.error;
  await platform.drain();
  // The worker may still be processing the file when the queues fall idle for a moment: submit once it is ready.
  const submitted = await waitFor(
    async () => {
      const answer = await callApi(platform, 'POST', `/api/content/${id}/submit`, creatorToken);
      if (answer.body?.code === 'media_processing') return null;
      return answer;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `the file of ${id} to be processed` },
  );
  if (submitted.status !== 200) throw new Error(`submit ${id} answered ${submitted.status}: ${submitted.text}`);
  return id;
}

/** An album pending review (see submittedContent). */
export const submittedAlbum = (platform: TestPlatform, creatorToken: string, spec: ContentSpec = {}) =>
  submittedContent(platform, creatorToken, { ...spec, kind: 'album' });

/** Claims and approves an item pending review as `moderator` (never its creator), and lets the worker carry the approval on. */
export async function approveContent(platform: TestPlatform, moderatorToken: string, id: string): Promise<void> {
  for (const step of ['claim', 'approve'])
    await ok(callApi(platform, 'POST', `/api/admin/content/${id}/${step}`, moderatorToken), `${step} ${id}`);
  await platform.drain();
}

/** An approved album or video: the creator's submission, a moderator's approval. */
export async function approvedContent(
  platform: TestPlatform,
  creatorToken: string,
  moderatorToken: string,
  spec: ContentSpec = {},
): Promise<string> {
  const id = await submittedContent(platform, creatorToken, spec);
  await approveContent(platform, moderatorToken, id);
  return id;
}

export const approvedAlbum = (
  platform: TestPlatform,
  creatorToken: string,
  moderatorToken: string,
  spec: ContentSpec = {},
) => approvedContent(platform, creatorToken, moderatorToken, { ...spec, kind: 'album' });

/** An album an admin took down after its approval. */
export async function removedAlbum(
  platform: TestPlatform,
  creatorToken: string,
  moderatorToken: string,
  adminToken: string,
  spec: ContentSpec = {},
): Promise<string> {
  const id = await approvedContent(platform, creatorToken, moderatorToken, { ...spec, kind: 'album' });
  await ok(
    callApi(platform, 'POST', `/api/admin/content/${id}/remove`, adminToken, { reason: 'Taken down in a test set-up' }),
    `remove ${id}`,
  );
  await platform.drain();
  return id;
}
