import { vi } from 'vitest';
import type { UploadOptions } from 'tus-js-client';

/** A stand-in for tus-js-client's Upload: the test drives its callbacks (onProgress, onSuccess, onError). */
export class FakeUpload {
  static instances: FakeUpload[] = [];

  readonly start = vi.fn();
  readonly abort = vi.fn(async () => undefined);
  readonly findPreviousUploads = vi.fn(async () => []);
  readonly resumeFromPreviousUpload = vi.fn();

  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    FakeUpload.instances.push(this);
  }

  static reset() {
    FakeUpload.instances = [];
  }
}

export const imageFile = (name: string, type = 'image/jpeg', size = 4096) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
