import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, serviceMessage } from '@/shared/api-problems';
import { startUpload, type UploadHandle } from '@/shared/tus-upload';
import { createPostMedia, submitPostMedia } from '../services/posts.service';
import type { MediaReview, PostMedia, PostMediaKind } from '../services/posts-types';

export type AttachmentStatus = 'creating' | 'uploading' | 'reconnecting' | 'processing' | 'ready' | 'failed';

export interface AttachmentFile {
  name: string;
  size: number;
  sent: number;
  /** A local preview of a photo being uploaded. */
  preview: string | null;
}

/** One media item of the post being written: a new one on its way, or one the post already carries (edit). */
export interface Attachment {
  key: string;
  kind: PostMediaKind;
  contentId: string | null;
  status: AttachmentStatus;
  files: AttachmentFile[];
  /** Why it failed, in the server's words where it gave some. */
  message: string | null;
  /** An item the post already carries: where its review stands, and its thumbnail. */
  review: MediaReview | null;
  thumbnail: string | null;
}

export const ACCEPT: Record<PostMediaKind, string[]> = {
  album: ['image/jpeg', 'image/png', 'image/webp'],
  video: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'],
};

/** After the bytes arrive the worker processes them; the submission answers 409 media_processing until then. */
export const SUBMIT_RETRY_MS = 2000;
const SUBMIT_ATTEMPTS = 90;

const BUSY: ReadonlySet<AttachmentStatus> = new Set(['creating', 'uploading', 'reconnecting', 'processing']);
export const isBusy = (attachment: Attachment) => BUSY.has(attachment.status);

export const percentOf = (attachment: Attachment) => {
  const total = attachment.files.reduce((sum, file) => sum + file.size, 0);
  const sent = attachment.files.reduce((sum, file) => sum + file.sent, 0);
  return total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
};

const preview = (file: File) =>
  file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

const release = (attachment: Attachment) => {
  for (const file of attachment.files) if (file.preview) URL.revokeObjectURL(file.preview);
};

const existing = (media: PostMedia): Attachment => {
  const file = media.files.find((candidate) => candidate.thumbnailUrl ?? candidate.previewUrl);
  return {
    key: media.contentId,
    kind: media.kind,
    contentId: media.contentId,
    status: 'ready',
    files: media.files.map((candidate) => ({ name: candidate.mediaId, size: 0, sent: 0, preview: null })),
    message: null,
    review: media.status,
    thumbnail: file?.thumbnailUrl ?? file?.previewUrl ?? null,
  };
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The composer's media: each pick becomes a content item made for posts (POST /api/posts/media), its files
 * go up over tus, and once the worker has processed them it is submitted for review (POST /api/content/{id}/submit).
 */
export function usePostAttachments(initial: PostMedia[] = []) {
  const [attachments, setAttachments] = useState<Attachment[]>(() => initial.map(existing));
  const handles = useRef(new Map<string, UploadHandle[]>());
  const gone = useRef(new Set<string>());
  const sequence = useRef(0);
  const current = useRef(attachments);
  current.current = attachments;

  const update = useCallback(
    (key: string, change: Partial<Attachment> | ((item: Attachment) => Partial<Attachment>)) => {
      if (gone.current.has(key)) return;
      setAttachments((list) =>
        list.map((item) =>
          item.key === key ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item,
        ),
      );
    },
    [],
  );

  const stop = useCallback((key: string) => {
    gone.current.add(key);
    for (const handle of handles.current.get(key) ?? []) handle.pause();
    handles.current.delete(key);
  }, []);

  // Leaving the page stops the uploads and frees the previews.
  useEffect(
    () => () => {
      for (const item of current.current) {
        stop(item.key);
        release(item);
      }
    },
    [stop],
  );

  const uploadFile = (key: string, contentId: string, file: File, index: number) =>
    new Promise<boolean>((resolve) => {
      const setSent = (sent: number) =>
        update(key, (item) => ({
          status: 'uploading',
          files: item.files.map((entry, position) => (position === index ? { ...entry, sent } : entry)),
        }));
      startUpload(file, contentId, {
        onProgress: (sent) => setSent(sent),
        onReconnecting: () => update(key, { status: 'reconnecting' }),
        onSuccess: () => {
          setSent(file.size);
          resolve(true);
        },
        onError: (failure) => {
          update(key, {
            status: 'failed',
            message:
              failure.kind === 'refused'
                ? failure.message
                : 'The connection was lost. Remove this and add the file again.',
          });
          resolve(false);
        },
      })
        .then((handle) => {
          if (gone.current.has(key)) return handle.pause();
          handles.current.set(key, [...(handles.current.get(key) ?? []), handle]);
        })
        .catch(() => {
          update(key, { status: 'failed', message: 'The upload could not start. Remove this and try again.' });
          resolve(false);
        });
    });

  const submitWhenProcessed = async (key: string, contentId: string) => {
    for (let attempt = 0; attempt < SUBMIT_ATTEMPTS; attempt += 1) {
      if (gone.current.has(key)) return;
      try {
        await submitPostMedia(contentId);
        update(key, { status: 'ready' });
        return;
      } catch (error) {
        if (errorCode(error) !== 'media_processing') {
          update(key, { status: 'failed', message: serviceMessage(error, 'It could not be sent for review.') });
          return;
        }
        await wait(SUBMIT_RETRY_MS);
      }
    }
    update(key, { status: 'failed', message: 'Processing is taking longer than usual. Remove this and try again.' });
  };

  const run = async (key: string, kind: PostMediaKind, files: File[]) => {
    let contentId: string;
    try {
      ({ contentId } = await createPostMedia(kind));
    } catch (error) {
      update(key, {
        status: 'failed',
        message: serviceMessage(error, 'The upload could not start. Please try again.'),
      });
      return;
    }
    update(key, { contentId, status: 'uploading' });
    const sent = await Promise.all(files.map((file, index) => uploadFile(key, contentId, file, index)));
    handles.current.delete(key);
    if (!sent.every(Boolean) || gone.current.has(key)) return;
    update(key, { status: 'processing' });
    await submitWhenProcessed(key, contentId);
  };

  /** Photos become one album item; each video its own item. Files of another type are turned away here. */
  const add = (kind: PostMediaKind, files: File[]): string | null => {
    const wrong = files.find((file) => file.type && !ACCEPT[kind].includes(file.type));
    if (wrong)
      return kind === 'album'
        ? `${wrong.name} is not a photo (JPEG, PNG or WebP)`
        : `${wrong.name} is not a video (MP4, MOV, WebM or MKV)`;
    const groups = kind === 'album' ? [files] : files.map((file) => [file]);
    const created = groups.map((group): [Attachment, File[]] => {
      sequence.current += 1;
      return [
        {
          key: `new-${sequence.current}`,
          kind,
          contentId: null,
          status: 'creating',
          files: group.map((file) => ({ name: file.name, size: file.size, sent: 0, preview: preview(file) })),
          message: null,
          review: null,
          thumbnail: null,
        },
        group,
      ];
    });
    setAttachments((list) => [...list, ...created.map(([item]) => item)]);
    for (const [item, group] of created) void run(item.key, kind, group);
    return null;
  };

  const remove = (key: string) => {
    stop(key);
    const item = current.current.find((candidate) => candidate.key === key);
    if (item) release(item);
    setAttachments((list) => list.filter((candidate) => candidate.key !== key));
  };

  const reset = (media: PostMedia[] = []) => {
    for (const item of current.current) {
      stop(item.key);
      release(item);
    }
    setAttachments(media.map(existing));
  };

  return { attachments, add, remove, reset };
}
