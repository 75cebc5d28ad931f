import type { CleanImageOptions } from '#app/platform';

export const STORE_IMAGE_KINDS = ['banner', 'avatar'] as const;
export type StoreImageKind = (typeof STORE_IMAGE_KINDS)[number];

export const isStoreImageKind = (value: string): value is StoreImageKind =>
  (STORE_IMAGE_KINDS as readonly string[]).includes(value);

/** How each image is kept: cropped to its shape from the centre, re-encoded as WebP, nothing else of the upload survives. */
export const STORE_IMAGE_SHAPES: Record<StoreImageKind, CleanImageOptions & { label: string }> = {
  banner: {
    label: 'The banner',
    resize: { width: 1600, height: 400, fit: 'cover', position: 'attention' },
    encode: (image) => image.webp({ quality: 82 }),
  },
  avatar: {
    label: 'The avatar',
    resize: { width: 400, height: 400, fit: 'cover', position: 'attention' },
    encode: (image) => image.webp({ quality: 85 }),
  },
};

/** A stored image's key: the store, the kind and a fresh random part (a new upload never reuses a cached link). */
export const storeImageKey = (storeId: string, kind: StoreImageKind, random: string) =>
  `${storeId}-${kind}-${random}.webp`;
