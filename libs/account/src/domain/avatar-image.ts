import { cleanImage, type CleanImage } from '#app/platform';

/** An avatar upload may be at most 5 MB (a phone photo is 2–4 MB); Multer stops reading past it. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Longest side kept. */
export const AVATAR_SIDE = 512;
/** Smaller than this and the picture would be a blur at the size settings shows it. */
export const MIN_AVATAR_SIDE = 64;

export class AvatarTooSmall extends Error {}

/**
 * Checks an avatar upload as ID images are checked (by content: JPEG, PNG or WebP, whole, one
 * frame, at most 60 megapixels) and keeps a clean copy: upright, the centre square at most
 * 512 × 512, re-encoded as WebP with every piece of metadata (EXIF, GPS, XMP) left behind.
 */
export async function cleanAvatar(bytes: Buffer): Promise<CleanImage> {
  const clean = await cleanImage(bytes, 'The picture', {
    resize: { width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'attention', withoutEnlargement: true },
    encode: (image) => image.webp({ quality: 85 }),
  });
  if (clean.width < MIN_AVATAR_SIDE || clean.height < MIN_AVATAR_SIDE)
    throw new AvatarTooSmall(
      `The picture is ${clean.width} × ${clean.height} pixels; use one of at least ${MIN_AVATAR_SIDE} × ${MIN_AVATAR_SIDE}`,
    );
  return clean;
}
