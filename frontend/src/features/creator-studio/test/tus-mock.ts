import { vi } from 'vitest';
import type { UploadOptions } from 'tus-js-client';

/** A stand-in for tus-js-client's Upload: the test drives its callbacks (onProgress, onError, onSuccess). */
export class FakeUpload {
  static instances: FakeUpload[] = [];
  static previous: { uploadUrl: string; urlStorageKey: string }[] = [];

  readonly start = vi.fn();
  readonly abort = vi.fn(async () => undefined);
  readonly findPreviousUploads = vi.fn(async () => FakeUpload.previous);
  readonly resumeFromPreviousUpload = vi.fn();

  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    FakeUpload.instances.push(this);
  }

  static reset() {
    FakeUpload.instances = [];
    FakeUpload.previous = [];
  }
}

/** An error as tus-js-client reports a refused request. */
export function tusRefusal(status: number, message: string, method = 'PATCH') {
  return Object.assign(new Error(`tus: unexpected response, response code: ${status}`), {
    originalRequest: { getMethod: () => method },
    originalResponse: {
      getStatus: () => status,
      getBody: () => JSON.stringify({ code: 'upload_refused', message, error: message }),
    },
    causingError: null,
  });
}

export const photo = (name: string, type = 'image/jpeg', size = 4096) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
