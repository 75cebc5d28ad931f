import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { mediaDirectory } from '../jobs/media-processor.js';

/** Few enough pixels that nothing is recognisable; the blur smooths the upscale so the card looks intended. */
const SAMPLE_WIDTH = 24;
const SHOWN_WIDTH = 320;

/** The storage key of a media file's blurred preview: made once from its thumbnail, then served from disk. */
export const blurredKey = (mediaId: string) => `${mediaId}-blur.webp`;

/**
 * What a visitor who has not bought an item sees of it: its thumbnail shrunk to a few pixels,
 * blurred and re-encoded, so neither the original nor the clean thumbnail ever leaves the server.
 */
@Injectable()
export class BlurredPreviews {
  private readonly directory: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.directory = mediaDirectory(config);
  }

  /** The preview's bytes, made from the thumbnail on first use and cached under blurredKey. */
  async bytes(mediaId: string, thumbnailKey: string): Promise<Buffer | null> {
    const path = join(this.directory, blurredKey(mediaId));
    const cached = await readFile(path).catch(missing);
    if (cached) return cached;
    const thumbnail = await readFile(join(this.directory, thumbnailKey)).catch(missing);
    if (!thumbnail) return null;
    const sample = await sharp(thumbnail).resize({ width: SAMPLE_WIDTH }).toBuffer();
    const blurred = await sharp(sample).resize({ width: SHOWN_WIDTH, kernel: 'cubic' }).blur(8).webp({ quality: 55 }).toBuffer();
    // Written aside and renamed: two first requests at once never serve half a file.
    const partial = `${path}.${randomUUID()}.part`;
    await writeFile(partial, blurred);
    await rename(partial, path).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    return blurred;
  }
}

function missing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}
