import sharp from 'sharp';

// No decoded-image cache: uploaded photos (ID documents above all) are seen once, and a cache would only hold them in memory.
sharp.cache(false);

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A 48-megapixel phone photo fits; a decompression bomb (tiny file, huge canvas) does not. */
export const MAX_IMAGE_PIXELS = 60_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

export class ImageRejected extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    readonly code: 'file_too_large' | 'unsupported_image' | 'invalid_image',
    message: string,
  ) {
    super(message);
  }
}

/** What the bytes are, from their first bytes only; the name and the declared type are ignored. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * The file must end where the image ends: anything after it (a script, an archive: a polyglot)
 * or a missing end (a truncated upload) is refused rather than silently cut off.
 */
function endsWhereImageEnds(bytes: Buffer, kind: ImageKind): boolean {
  if (kind === 'jpeg') {
    let end = bytes.length;
    while (end > 2 && bytes[end - 1] === 0x00) end -= 1; // some encoders pad with zeros
    return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
  }
  if (kind === 'png') {
    const iend = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]); // IEND + its CRC
    return bytes.length >= 12 && bytes.subarray(bytes.length - 8).equals(iend);
  }
  // RIFF: the declared size covers exactly the rest of the file (a trailing pad byte allowed).
  const declared = bytes.readUInt32LE(4) + 8;
  return declared === bytes.length || declared + 1 === bytes.length;
}

export interface CleanImage {
  data: Buffer;
  width: number;
  height: number;
  sourceKind: ImageKind;
}

export interface CleanImageOptions {
  /** Resizes the decoded, upright image (e.g. fit inside a box, or cover a banner's shape). */
  resize: sharp.ResizeOptions;
  /** Encodes it; every piece of metadata (EXIF, GPS, XMP, ICC comments) is left behind. */
  encode: (image: sharp.Sharp) => sharp.Sharp;
}

/**
 * Checks an uploaded image by content (JPEG, PNG or WebP, whole, one frame, at most 10 MB and 60
 * megapixels) and returns a clean copy: decoded, turned upright, resized and re-encoded.
 */
export async function cleanImage(bytes: Buffer, label: string, options: CleanImageOptions): Promise<CleanImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected(413, 'file_too_large', `${label} is larger than 10 MB`);
  if (bytes.length === 0) throw new ImageRejected(422, 'invalid_image', `${label} is empty`);
  const kind = sniffImage(bytes);
  if (!kind) throw new ImageRejected(415, 'unsupported_image', `${label} is not a JPEG, PNG or WebP image`);
  if (!endsWhereImageEnds(bytes, kind)) {
    throw new ImageRejected(
      422,
      'invalid_image',
      `${label} is damaged or has extra data after the image; export it again from your camera or gallery`,
    );
  }
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(422, 'invalid_image', `${label} could not be read as an image`);
  }
  if (metadata.format !== kind)
    throw new ImageRejected(415, 'unsupported_image', `${label} is not a JPEG, PNG or WebP image`);
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!metadata.width || !metadata.height) throw new ImageRejected(422, 'invalid_image', `${label} has no dimensions`);
  if (pixels > MAX_IMAGE_PIXELS || (metadata.pages ?? 1) > 1) {
    throw new ImageRejected(
      422,
      'invalid_image',
      `${label} is too large (${metadata.width} × ${metadata.height} pixels; at most 60 megapixels, one frame)`,
    );
  }
  try {
    const decoded = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize(options.resize);
    const { data, info } = await options.encode(decoded).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, sourceKind: kind };
  } catch {
    throw new ImageRejected(422, 'invalid_image', `${label} is damaged and could not be decoded`);
  }
}
