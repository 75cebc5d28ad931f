import { Inject, Injectable, Logger } from '@nestjs/common';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { JobHandler, ObjectStorage, StorageUnavailable, type JobProcessor } from '#app/platform';
import { mediaKey, uploadKey, uploadKeys } from '../domain/media-keys.js';
import { mediaEditable } from '../domain/review-state.js';
import { ContentItem } from '../entities/content-item.entity.js';
import { ContentMedia } from '../entities/content-media.entity.js';

const run = promisify(execFile);
export const THUMBNAIL_WIDTH = 480;
export const PREVIEW_SECONDS = 10;
const MAX_PIXELS = 100_000_000;

interface Probe {
  streams?: { codec_type?: string; width?: number; height?: number }[];
  format?: { duration?: string };
}

class MediaRejected extends Error {}

/**
 * What the worker does with each uploaded file: probe it (dimensions, duration), make a
 * thumbnail, and keep a copy without metadata (EXIF, GPS, encoder tags); the original upload is
 * then deleted. A file already processed is only cleaned up, so a retried job does nothing twice.
 * ffmpeg and sharp work on a scratch folder in the OS temp dir: the upload is copied there from
 * storage, the outputs go back to storage, and the folder is removed whatever happens.
 */
@Injectable()
export class MediaProcessor {
  private readonly logger = new Logger(MediaProcessor.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  async process(mediaId: string): Promise<'ready' | 'failed' | 'skipped'> {
    const em = this.orm.em.fork();
    const file = await em.findOne(ContentMedia, mediaId);
    if (!file) return 'skipped';
    if (file.status !== 'uploaded') {
      // Processed already: a run cut off between its commit and its clean-up left the original behind.
      await this.storage.deleteMany(uploadKeys(file.uploadId));
      return 'skipped';
    }
    const thumbnailKey = `${file.id}-thumb.webp`;
    const cleanKey = `${file.id}-clean.${file.mediaType === 'image' ? 'jpg' : file.format === 'webm' ? 'webm' : file.format === 'mkv' ? 'mkv' : 'mp4'}`;
    const previewKey = file.mediaType === 'video' ? `${file.id}-preview.mp4` : null;
    const outputs = [thumbnailKey, cleanKey, previewKey].filter((key): key is string => key !== null);
    const scratch = await mkdtemp(join(tmpdir(), 'fanmint-media-'));
    try {
      const source = join(scratch, 'source');
      const found = await this.storage.stream(uploadKey(file.uploadId));
      if (!found) throw new Error(`upload ${file.uploadId} is not in storage`);
      await pipeline(found, createWriteStream(source, { mode: 0o600 }));
      if (file.mediaType === 'image') await this.image(source, scratch, file, thumbnailKey, cleanKey);
      else await this.video(source, scratch, file, thumbnailKey, cleanKey, previewKey!);
      // Stored only once every output exists, each as a whole object.
      for (const key of outputs) await this.storage.put(mediaKey(key), createReadStream(join(scratch, key)));
      file.status = 'ready';
      file.thumbnailKey = thumbnailKey;
      file.cleanKey = cleanKey;
      file.previewKey = previewKey;
      file.error = null;
    } catch (error) {
      // Storage being down is not the file's fault: the job fails and is retried later.
      if (error instanceof StorageUnavailable) {
        await this.storage.deleteMany(outputs.map(mediaKey)).catch(() => undefined);
        throw error;
      }
      file.status = 'failed';
      file.error =
        error instanceof MediaRejected ? error.message : 'The file could not be processed; it may be damaged';
      this.logger.warn(`media ${file.id} failed: ${(error as Error).message}`);
      await this.storage.deleteMany(outputs.map(mediaKey));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    // The processed file is attached under the item's row lock, and only while its files may change.
    const attached = await this.orm.em.fork().transactional(async (tx) => {
      const item = await tx.findOne(ContentItem, file.contentId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const row = await tx.findOne(ContentMedia, file.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || row.status !== 'uploaded') return false;
      if (!item || !mediaEditable(item.status)) {
        tx.remove(row);
        return false;
      }
      tx.assign(row, {
        status: file.status,
        thumbnailKey: file.thumbnailKey,
        cleanKey: file.cleanKey,
        previewKey: file.previewKey,
        error: file.error,
        width: file.width,
        height: file.height,
        durationSeconds: file.durationSeconds,
      });
      return true;
    });
    if (!attached) await this.storage.deleteMany(outputs.map(mediaKey));
    // The original (with whatever metadata it carried) is not kept.
    await this.storage.deleteMany(uploadKeys(file.uploadId));
    return attached ? file.status : 'skipped';
  }

  private async image(
    source: string,
    scratch: string,
    file: ContentMedia,
    thumbnailKey: string,
    cleanKey: string,
  ): Promise<void> {
    const metadata = await sharp(source, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) throw new MediaRejected('This photo has no dimensions');
    if (metadata.width * metadata.height > MAX_PIXELS)
      throw new MediaRejected(
        `This photo is too large (${metadata.width} × ${metadata.height} pixels; at most 100 megapixels)`,
      );
    const input = () => sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const clean = await input().jpeg({ quality: 90, mozjpeg: true }).toFile(join(scratch, cleanKey));
    await input()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(join(scratch, thumbnailKey));
    file.width = clean.width;
    file.height = clean.height;
  }

  private async video(
    source: string,
    scratch: string,
    file: ContentMedia,
    thumbnailKey: string,
    cleanKey: string,
    previewKey: string,
  ): Promise<void> {
    const { stdout } = await run(
      ffprobeInstaller.path,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', source],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const probe = JSON.parse(stdout) as Probe;
    const video = probe.streams?.find((stream) => stream.codec_type === 'video');
    const duration = Number(probe.format?.duration ?? 0);
    if (!video?.width || !video.height || !(duration > 0))
      throw new MediaRejected('This file has no playable video stream');
    const frame = join(scratch, `${file.id}-frame.png`);
    await run(ffmpegInstaller.path, [
      '-v',
      'error',
      '-ss',
      String(Math.min(1, duration / 2)),
      '-i',
      source,
      '-frames:v',
      '1',
      '-y',
      frame,
    ]);
    await sharp(frame)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(join(scratch, thumbnailKey));
    await rm(frame, { force: true });
    // Same streams, no metadata (title, location, encoder tags); MP4 with its index first for streaming.
    const container = cleanKey.endsWith('.mp4') ? ['-movflags', '+faststart'] : [];
    await run(ffmpegInstaller.path, [
      '-v',
      'error',
      '-i',
      source,
      '-map',
      '0',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-c',
      'copy',
      ...container,
      '-y',
      join(scratch, cleanKey),
    ]);
    // The teaser: the first seconds, small and silent, H.264 so every browser plays it.
    await run(ffmpegInstaller.path, [
      '-v',
      'error',
      '-i',
      source,
      '-t',
      String(PREVIEW_SECONDS),
      '-an',
      '-map_metadata',
      '-1',
      '-vf',
      `scale=${THUMBNAIL_WIDTH}:-2`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      join(scratch, previewKey),
    ]);
    file.width = video.width;
    file.height = video.height;
    file.durationSeconds = duration.toFixed(3);
  }
}

@Injectable()
@JobHandler('media', 'process-media')
export class ProcessMediaJob implements JobProcessor<'media', 'process-media'> {
  constructor(@Inject(MediaProcessor) private readonly processor: MediaProcessor) {}

  handle({ mediaId }: { mediaId: string }) {
    return this.processor.process(mediaId);
  }
}
