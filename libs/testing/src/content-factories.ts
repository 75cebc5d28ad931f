import sharp from 'sharp';
import { callApi } from './http.js';
import type { TestPlatform } from './test-platform.js';
import { tusUpload } from './tus.js';

export interface ContentSpec {
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

async function ok(answer: Promise<{ status: number; text: string; body: unknown }>, what: string, status = 200) {
  const response = await answer;
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${response.text}`);
  return response.body as { id: string; status: string };
}

/**
 * An album pending review, as its creator makes one: the draft, one photo over tus (processed by the
 * worker), then the submission. Needs a running worker (drain).
 */
export async function submittedAlbum(platform: TestPlatform, creatorToken: string, spec: ContentSpec = {}) {
  const { id } = await ok(
    callApi(platform, 'POST', '/api/content', creatorToken, {
      kind: 'album',
      title: spec.title ?? 'Test album',
      priceMinor: spec.priceMinor ?? 900,
      currency: spec.currency ?? 'USD',
    }),
    'POST /api/content',
    201,
  );
  const upload = await tusUpload(platform.baseUrl, creatorToken, await albumPhoto(), {
    contentId: id,
    filename: 'photo.jpg',
  });
  if (upload.error) throw upload.error;
  await platform.drain();
  await ok(callApi(platform, 'POST', `/api/content/${id}/submit`, creatorToken), `submit ${id}`);
  return id;
}

/** Claims and approves an item pending review as `moderator` (never its creator), and lets the worker carry the approval on. */
export async function approveContent(platform: TestPlatform, moderatorToken: string, id: string): Promise<void> {
  for (const step of ['claim', 'approve'])
    await ok(callApi(platform, 'POST', `/api/admin/content/${id}/${step}`, moderatorToken), `${step} ${id}`);
  await platform.drain();
}

/** An approved album: the creator's submission, a moderator's approval. */
export async function approvedAlbum(
  platform: TestPlatform,
  creatorToken: string,
  moderatorToken: string,
  spec: ContentSpec = {},
): Promise<string> {
  const id = await submittedAlbum(platform, creatorToken, spec);
  await approveContent(platform, moderatorToken, id);
  return id;
}

/** An album an admin took down after its approval. */
export async function removedAlbum(
  platform: TestPlatform,
  creatorToken: string,
  moderatorToken: string,
  adminToken: string,
  spec: ContentSpec = {},
): Promise<string> {
  const id = await approvedAlbum(platform, creatorToken, moderatorToken, spec);
  await ok(
    callApi(platform, 'POST', `/api/admin/content/${id}/remove`, adminToken, { reason: 'Taken down in a test set-up' }),
    `remove ${id}`,
  );
  await platform.drain();
  return id;
}
