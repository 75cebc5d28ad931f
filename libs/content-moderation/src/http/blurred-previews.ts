import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { ObjectStorage } from '#app/platform';
import { blurredKey, mediaKey } from '../domain/media-keys.js';

/** Few enough pixels that nothing is recognisable; the blur smooths the upscale so the card looks intended. */
const SAMPLE_WIDTH = 24;
const SHOWN_WIDTH = 320;

/**
 * What a visitor who has not bought an item sees of it: its thumbnail shrunk to a few pixels,
 * blurred and re-encoded, so neither the original nor the clean thumbnail ever leaves the server.
 */
@Injectable()
export class BlurredPreviews {
  constructor(@Inject(ObjectStorage) private readonly storage: ObjectStorage) {}

  /** The preview's bytes, made from the thumbnail on first use and cached under blurredKey. */
  async bytes(mediaId: string, thumbnailKey: string): Promise<Buffer | null> {
    const key = mediaKey(blurredKey(mediaId));
    const cached = await this.storage.get(key);
    if (cached) return cached;
    const thumbnail = await this.storage.get(mediaKey(thumbnailKey));
    if (!thumbnail) return null;
    const sample = await sharp(thumbnail).resize({ width: SAMPLE_WIDTH }).toBuffer();
    const blurred = await sharp(sample)
      .resize({ width: SHOWN_WIDTH, kernel: 'cubic' })
      .blur(8)
      .webp({ quality: 55 })
      .toBuffer();
    // A put is atomic: two first requests at once never serve half a file.
    await this.storage.put(key, blurred, { contentType: 'image/webp' });
    return blurred;
  }
}
