import { cleanImage, type CleanImage } from '#app/platform';

export {
  ImageRejected,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  sniffImage,
  type CleanImage,
  type ImageKind,
} from '#app/platform';

/** Longest side kept: plenty to read a document, far less than a full-resolution original. */
export const STORED_MAX_SIDE = 2400;

/**
 * Checks an uploaded ID image by content and returns a clean copy: decoded, turned upright,
 * scaled to at most STORED_MAX_SIDE, re-encoded as JPEG with every piece of metadata (EXIF,
 * GPS, XMP, ICC comments) left behind.
 */
export function cleanIdImage(bytes: Buffer, label: string): Promise<CleanImage> {
  return cleanImage(bytes, label, {
    resize: { width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true },
    encode: (image) => image.jpeg({ quality: 88, mozjpeg: true }),
  });
}
