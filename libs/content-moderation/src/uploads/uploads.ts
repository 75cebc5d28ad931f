import type { INestApplication } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Server, type ServerOptions } from '@tus/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  APP_CONFIG,
  AppError,
  Clock,
  LeaseLocks,
  ObjectStorage,
  Outbox,
  RateLimits,
  StorageUnavailable,
  isStorageOutage,
  type AppConfig,
} from '#app/platform';
import { BearerGuard } from '#app/identity';
import { sniffMedia } from '../domain/media-sniff.js';
import { uploadKey } from '../domain/media-keys.js';
import { mediaEditable } from '../domain/review-state.js';
import { ContentItem } from '../entities/content-item.entity.js';
import { ContentMedia } from '../entities/content-media.entity.js';
import { CreatorCheck } from '../commands/manage-content/creator-check.js';
import { nextMediaPosition } from '../repositories/content-media.repository.js';
import { createUploadStore } from './upload-store.js';
import { UploadLocker } from './upload-locker.js';

export const UPLOADS_PATH = '/api/uploads';
/** Multi-gigabyte videos are fine; this is the ceiling per file. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024 * 1024;
export const MAX_IMAGE_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_ALBUM_FILES = 200;
/** New uploads per creator: generous for real albums, a wall for scripts. */
export const UPLOADS_PER_HOUR = { points: 600, duration: 3600 };

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];
const header = (req: TusRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const refuse = (status_code: number, message: string, code = 'upload_refused') => ({
  status_code,
  body: JSON.stringify({ code, message, error: message }),
});

/** The contentId an upload's metadata names (tus: comma-separated `key base64value` pairs). */
function metadataContentId(req: TusRequest): string | null {
  for (const pair of (header(req, 'upload-metadata') ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key === 'contentId' && value) return Buffer.from(value, 'base64').toString('utf8');
  }
  return null;
}

/** An unreachable store (or a full disk) is a 503 the client may retry, never a 500. */
function storageOutage(error: unknown) {
  const cause =
    error instanceof StorageUnavailable
      ? error
      : isStorageOutage(error) || ['ENOSPC', 'EIO', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '')
        ? new StorageUnavailable(error)
        : null;
  return cause ? refuse(503, cause.message, 'storage_unavailable') : undefined;
}

/**
 * Resumable uploads (the tus protocol, @tus/server on the S3 store when a bucket is set, else its
 * file store): a dropped connection resumes where it stopped, on any api instance, and one upload
 * is written by one request at a time across instances (UploadLocker). Only verified creators upload, only into their own draft or rejected
 * items; each finished file is checked by its bytes and handed to the worker for processing.
 * Files live under `uploads/` in storage, outside anything served; media links are signed.
 */
export function uploadsHandler(app: INestApplication): (request: IncomingMessage, response: ServerResponse) => void {
  const config = app.get<AppConfig>(APP_CONFIG);
  const bearer = app.get(BearerGuard);
  const creators = app.get(CreatorCheck);
  const orm = app.get(MikroORM);
  const clock = app.get(Clock);
  const outbox = app.get(Outbox);
  const limits = app.get(RateLimits);
  void app.get(QueryBus);
  const storage = app.get(ObjectStorage);
  const datastore = createUploadStore(config);

  const caller = async (req: TusRequest) => {
    try {
      return (await bearer.authenticate(header(req, 'authorization'))).user;
    } catch {
      throw refuse(401, 'Sign in to upload');
    }
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    // Shared by every api instance: a resumed PATCH elsewhere stops the one still writing (upload-locker.ts).
    locker: new UploadLocker(app.get(LeaseLocks)),
    relativeLocation: true,
    onResponseError: (_req, _res, error) => ('status_code' in error ? undefined : storageOutage(error)),
    respectForwardedHeaders: config.TRUST_PROXY,
    // Per kind, so a deferred-length photo stops at 50 MB as its bytes arrive, not only when its length is declared.
    async maxSize(req, uploadId) {
      const stored = uploadId ? await datastore.getUpload(uploadId).catch(() => null) : null;
      let kind = stored?.metadata?.kind;
      if (!stored) {
        const contentId = metadataContentId(req);
        const item =
          contentId && /^[0-9a-f-]{36}$/.test(contentId)
            ? await orm.em.fork().findOne(ContentItem, contentId, { fields: ['kind'] })
            : null;
        kind = item?.kind;
      }
      return kind === 'album' ? MAX_IMAGE_UPLOAD_BYTES : MAX_UPLOAD_BYTES;
    },
    async onIncomingRequest(req, _res, uploadId) {
      const user = await caller(req);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.userId !== user.id) throw refuse(404, 'Upload not found');
      if (req.method !== 'PATCH') return;
      // Bytes for an item already sent for review (or approved) are refused, and what arrived is dropped.
      const item = await orm.em.fork().findOne(ContentItem, upload.metadata!.contentId!);
      if (!item || !mediaEditable(item.status)) {
        await datastore.remove(uploadId).catch(() => undefined);
        throw refuse(409, `Content that is ${item?.status ?? 'deleted'} cannot take new files`);
      }
    },
    async onUploadCreate(req, res, upload) {
      const user = await caller(req);
      try {
        await creators.assert(user.id);
        await limits.consume('uploadsPerCreator', UPLOADS_PER_HOUR, user.id, {
          message: 'Too many uploads in the last hour. Try again later.',
        });
      } catch (error) {
        throw refuse(error instanceof AppError ? error.status : 403, (error as Error).message);
      }
      const contentId = upload.metadata?.contentId ?? '';
      const filename = (upload.metadata?.filename ?? '').slice(0, 200);
      if (!/^[0-9a-f-]{36}$/.test(contentId)) throw refuse(400, 'metadata contentId is required');
      if (!filename) throw refuse(400, 'metadata filename is required');
      const em = orm.em.fork();
      const item = await em.findOne(ContentItem, { id: contentId, creatorId: user.id });
      if (!item) throw refuse(404, 'Content not found');
      if (!mediaEditable(item.status)) throw refuse(409, `Content that is ${item.status} cannot take new files`);
      if (item.kind === 'album' && upload.size !== undefined && upload.size > MAX_IMAGE_UPLOAD_BYTES)
        throw refuse(413, 'A photo can be at most 50 MB');
      const count = await em.count(ContentMedia, { contentId });
      if (item.kind === 'video' && count >= 1) throw refuse(409, 'This video already has its file; remove it first');
      if (count >= MAX_ALBUM_FILES) throw refuse(409, `An album holds at most ${MAX_ALBUM_FILES} photos`);
      return { res, metadata: { ...upload.metadata, contentId, filename, userId: user.id, kind: item.kind } };
    },
    async onUploadFinish(_req, res, upload) {
      const head = await storage.get(uploadKey(upload.id), { start: 0, end: 63 });
      const format = head ? sniffMedia(head) : null;
      const kind = upload.metadata?.kind;
      const fits =
        format &&
        ((kind === 'video' && format.mediaType === 'video') || (kind === 'album' && format.mediaType === 'image'));
      if (!fits) {
        await datastore.remove(upload.id).catch(() => undefined);
        throw refuse(
          415,
          kind === 'video'
            ? 'This file is not a video (MP4, MOV, WebM or MKV)'
            : 'This file is not a photo (JPEG, PNG or WebP)',
        );
      }
      const contentId = upload.metadata!.contentId!;
      // The item's state and file count are re-checked under its row lock, where the file is attached:
      // submit takes the same lock, and two racing uploads into one video cannot both land.
      const refusal = await orm.em.fork().transactional(async (tx) => {
        const item = await tx.findOne(ContentItem, contentId, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!item || !mediaEditable(item.status))
          return refuse(409, `Content that is ${item?.status ?? 'deleted'} cannot take new files`);
        if (item.kind === 'album' && upload.offset > MAX_IMAGE_UPLOAD_BYTES)
          return refuse(413, 'A photo can be at most 50 MB');
        const count = await tx.count(ContentMedia, { contentId });
        if (item.kind === 'video' && count >= 1) return refuse(409, 'This video already has its file; remove it first');
        if (count >= MAX_ALBUM_FILES) return refuse(409, `An album holds at most ${MAX_ALBUM_FILES} photos`);
        // After the last file in the creator's order (not the count: a removal leaves a gap, never a duplicate).
        const next = await nextMediaPosition(tx, contentId);
        const media = tx.create(ContentMedia, {
          contentId,
          uploadId: upload.id,
          mediaType: format.mediaType,
          format: format.format,
          originalName: upload.metadata!.filename!,
          sizeBytes: String(upload.offset),
          status: 'uploaded',
          position: next,
          createdAt: clock.now(),
        });
        tx.persist(media);
        outbox.enqueue(tx, 'media', 'process-media', { mediaId: media.id });
        return null;
      });
      if (refusal) {
        await datastore.remove(upload.id).catch(() => undefined);
        throw refusal;
      }
      return res;
    },
  });

  // tus reads the raw bytes and answers on Node's response itself (mounted at UPLOADS_PATH and below it).
  return (request, response) => {
    tus.handle(request, response).catch(() => response.destroy());
  };
}
