/** Storage keys of content files: uploads as they arrived, then processed media (thumbnails, clean copies, previews). */
export const uploadKey = (uploadId: string) => `uploads/${uploadId}`;

/** Everything an upload leaves behind: its bytes and the tus store's own state beside them (file store: .json; S3 store: .info, .part). */
export const uploadKeys = (uploadId: string) =>
  ['', '.json', '.info', '.part'].map((suffix) => `${uploadKey(uploadId)}${suffix}`);

export const mediaKey = (key: string) => `media/${key}`;

/** A media file's blurred preview (beside its thumbnail): made once from the thumbnail, then served from storage. */
export const blurredKey = (mediaId: string) => `${mediaId}-blur.webp`;
