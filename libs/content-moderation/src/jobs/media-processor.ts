import { Inject, Injectable, Logger } from '@nestjs/common';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { APP_CONFIG, JobHandler, type AppConfig, type JobProcessor } from '#app/platform';
import { mediaEditable } from '../domain/review-state.js';
import { ContentItem } from '../entities/content-item.entity.js';
import { ContentMedia } from '../entities/content-media.entity.js';
import { uploadsDirectory } from '../uploads/uploads.js';

const run = promisify(execFile);
export const THUMBNAIL_WIDTH = 480;
export const PREVIEW_SECONDS = 10;
const MAX_PIXELS = 100_000_000;

export function mediaDirectory(config: AppConfig): string {
  return resolve(config.STORAGE_DIR, 'media');
}

interface Probe {
  streams?: { codec_type?: string; width?: number; height?: number }[];
  format?: { duration?: string };
}

class MediaRejected extends Error {}

/**
 * What the worker does with each uploaded file: probe it (dimensions, duration), make a
 * thumbnail, and keep a copy without metadata (EXIF, GPS, encoder tags); the original upload is
 * then deleted. A file already processed is left alone, so a retried job does nothing twice.
 */
@Injectable()
export class MediaProcessor {
  private readonly logger = new Logger(MediaProcessor.name);
  private readonly uploads: string;
  private readonly media: string;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.uploads = uploadsDirectory(config);
    this.media = mediaDirectory(config);
  }

  async process(mediaId: string): Promise<'ready' | 'failed' | 'skipped'> {
    const em = this.orm.em.fork();
    const file = await em.findOne(ContentMedia, mediaId);
    if (!file || file.status !== 'uploaded') return 'skipped';
    const source = join(this.uploads, file.uploadId);
    await mkdir(this.media, { recursive: true, mode: 0o700 });
    const thumbnailKey = `${file.id}-thumb.webp`;
    const cleanKey = `${file.id}-clean.${file.mediaType === 'image' ? 'jpg' : file.format === 'webm' ? 'webm' : file.format === 'mkv' ? 'mkv' : 'mp4'}`;
    const previewKey = file.mediaType === 'video' ? `${file.id}-preview.mp4` : null;
    try {
      if (file.mediaType === 'image') await this.image(source, file, thumbnailKey, cleanKey);
      else await this.video(source, file, thumbnailKey, cleanKey, previewKey!);
      file.status = 'ready';
      file.thumbnailKey = thumbnailKey;
      file.cleanKey = cleanKey;
      file.previewKey = previewKey;
      file.error = null;
    } catch (error) {
      file.status = 'failed';
      file.error = error instanceof MediaRejected ? error.message : 'The file could not be processed; it may be damaged';
      this.logger.warn(`media ${file.id} failed: ${(error as Error).message}`);
      await Promise.all([thumbnailKey, cleanKey, previewKey].filter((key): key is string => key !== null).map((key) => rm(join(this.media, key), { force: true })));
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
      tx.assign(row, { status: file.status, thumbnailKey: file.thumbnailKey, cleanKey: file.cleanKey, previewKey: file.previewKey, error: file.error, width: file.width, height: file.height, durationSeconds: file.durationSeconds });
      return true;
    });
    if (!attached) await Promise.all([thumbnailKey, cleanKey, previewKey].filter((key): key is string => key !== null).map((key) => rm(join(this.media, key), { force: true })));
    // The original (with whatever metadata it carried) is not kept.
    await Promise.all([rm(source, { force: true }), rm(`${source}.json`, { force: true })]);
    return attached ? file.status : 'skipped';
  }

  private async image(source: string, file: ContentMedia, thumbnailKey: string, cleanKey: string): Promise<void> {
    const metadata = await sharp(source, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) throw new MediaRejected('This photo has no dimensions');
    if (metadata.width * metadata.height > MAX_PIXELS) throw new MediaRejected(`This photo is too large (${metadata.width} × ${metadata.height} pixels; at most 100 megapixels)`);
    const input = () => sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const clean = await input().jpeg({ quality: 90, mozjpeg: true }).toFile(join(this.media, cleanKey));
    await input().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toFile(join(this.media, thumbnailKey));
    file.width = clean.width;
    file.height = clean.height;
  }

  private async video(source: string, file: ContentMedia, thumbnailKey: string, cleanKey: string, previewKey: string): Promise<void> {
    const { stdout } = await run(ffprobeInstaller.path, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', source], { maxBuffer: 10 * 1024 * 1024 });
    const probe = JSON.parse(stdout) as Probe;
    const video = probe.streams?.find((stream) => stream.codec_type === 'video');
    const duration = Number(probe.format?.duration ?? 0);
    if (!video?.width || !video.height || !(duration > 0)) throw new MediaRejected('This file has no playable video stream');
    const frame = join(this.media, `${file.id}-frame.png`);
    await run(ffmpegInstaller.path, ['-v', 'error', '-ss', String(Math.min(1, duration / 2)), '-i', source, '-frames:v', '1', '-y', frame]);
    await sharp(frame).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toFile(join(this.media, thumbnailKey));
    await rm(frame, { force: true });
    // Same streams, no metadata (title, location, encoder tags); MP4 with its index first for streaming.
    const container = cleanKey.endsWith('.mp4') ? ['-movflags', '+faststart'] : [];
    await run(ffmpegInstaller.path, ['-v', 'error', '-i', source, '-map', '0', '-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy', ...container, '-y', join(this.media, cleanKey)]);
    // The teaser: the first seconds, small and silent, H.264 so every browser plays it.
    await run(ffmpegInstaller.path, ['-v', 'error', '-i', source, '-t', String(PREVIEW_SECONDS), '-an', '-map_metadata', '-1', '-vf', `scale=${THUMBNAIL_WIDTH}:-2`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', join(this.media, previewKey)]);
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
