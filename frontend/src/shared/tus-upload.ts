import type { DetailedError, HttpRequest, Upload } from 'tus-js-client';
import { getToken } from '../lib/storage';

export const UPLOAD_ENDPOINT = '/api/uploads';
export const CHUNK_SIZE = 8 * 1024 * 1024;
/** A dropped connection is retried at once, then after 1, 3 and 5 s, from the last byte the server has. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000];

/** Refused: the server said no (wrong type, too large, not allowed); offline: the retries ran out. */
export type UploadFailure = { kind: 'refused'; status: number; message: string } | { kind: 'offline' };

export interface UploadCallbacks {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onReconnecting: () => void;
  onSuccess: () => void;
  onError: (failure: UploadFailure) => void;
}

export interface UploadHandle {
  pause: () => void;
  resume: () => void;
}

const FALLBACK_REFUSALS: Record<number, string> = {
  401: 'Sign in to upload',
  403: 'Only verified creators can upload. Verify your identity first.',
  413: 'This file is too large',
  415: 'This file type is not accepted',
};

const statusOf = (error: DetailedError) => error.originalResponse?.getStatus() ?? 0;

/** Network faults, server faults, a locked upload and an offset conflict while sending bytes are worth another try. */
function isTransient(error: DetailedError): boolean {
  const status = statusOf(error);
  if (status === 0 || status >= 500 || status === 423) return true;
  return status === 409 && error.originalRequest?.getMethod() !== 'POST';
}

function refusalMessage(error: DetailedError): string {
  const status = statusOf(error);
  try {
    const body = JSON.parse(error.originalResponse?.getBody() ?? '') as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: fall back to a message for the status.
  }
  return FALLBACK_REFUSALS[status] ?? `The upload was refused (${status})`;
}

function toFailure(error: Error | DetailedError): UploadFailure {
  const detailed = error as DetailedError;
  const status = detailed.originalResponse ? statusOf(detailed) : 0;
  if (status >= 400 && status < 500 && !isTransient(detailed)) {
    return { kind: 'refused', status, message: refusalMessage(detailed) };
  }
  return { kind: 'offline' };
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Uploads one file into a content item with the tus protocol. The fingerprint includes the item, so
 * picking the same file again for the same item resumes the earlier upload instead of starting over.
 */
export async function startUpload(file: File, contentId: string, callbacks: UploadCallbacks): Promise<UploadHandle> {
  // Loaded with the first upload: most dashboard visits never need the tus client.
  const tus = await import('tus-js-client');
  const upload: Upload = new tus.Upload(file, {
    endpoint: UPLOAD_ENDPOINT,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { contentId, filename: file.name, filetype: file.type },
    fingerprint: async () => ['fanmint', contentId, file.name, file.type, file.size, file.lastModified].join('-'),
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request: HttpRequest) => {
      // Read on every request: a long upload outlives the access token, which the auth client refreshes.
      const token = getToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error) => {
      const retry = isTransient(error) && online();
      if (retry) callbacks.onReconnecting();
      return retry;
    },
    onProgress: callbacks.onProgress,
    onSuccess: () => callbacks.onSuccess(),
    onError: (error) => callbacks.onError(toFailure(error)),
  });

  const previous = await upload.findPreviousUploads();
  if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();

  return {
    pause: () => void upload.abort(),
    resume: () => upload.start(),
  };
}
