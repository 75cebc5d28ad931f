import * as tus from 'tus-js-client';

export interface TusResult {
  url: string | null;
  error: (Error & { originalResponse?: { getStatus(): number; getBody(): string } }) | null;
  progress: number[];
}

/** A tus upload with the official client to `${baseUrl}/api/uploads`; `stopAfter` aborts it part-way (a dropped connection). */
export function tusUpload(
  baseUrl: string,
  token: string,
  file: Buffer,
  metadata: Record<string, string>,
  options: { uploadUrl?: string; stopAfter?: number; chunkSize?: number } = {},
): Promise<TusResult> {
  return new Promise((resolve) => {
    const progress: number[] = [];
    const task: tus.Upload = new tus.Upload(file, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl,
      headers: { authorization: `Bearer ${token}` },
      metadata,
      chunkSize: options.chunkSize ?? 256 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onProgress(sent, total) {
        progress.push(sent / total);
        if (options.stopAfter !== undefined && sent >= options.stopAfter) {
          void task.abort().then(() => resolve({ url: task.url, error: null, progress }));
        }
      },
      onSuccess: () => resolve({ url: task.url, error: null, progress }),
      onError: (error) => resolve({ url: task.url, error: error as TusResult['error'], progress }),
    });
    task.start();
  });
}
