import * as tus from 'tus-js-client';

export interface TusResult {
  url: string | null;
  error: (Error & { originalResponse?: { getStatus(): number; getBody(): string } }) | null;
  /** Fractions sent, as the client reported them. */
  progress: number[];
  /** Where the client started sending (the server's offset when it resumed). */
  firstOffset: number | null;
}

/** A tus upload with the official client to `${baseUrl}/api/uploads`; `stopAfter` aborts it part-way (a dropped connection), `uploadUrl` resumes one. */
export function tusUpload(
  baseUrl: string,
  token: string,
  file: Buffer,
  metadata: Record<string, string>,
  options: { uploadUrl?: string; stopAfter?: number; chunkSize?: number } = {},
): Promise<TusResult> {
  return new Promise((resolve) => {
    const progress: number[] = [];
    let firstOffset: number | null = null;
    const task = new tus.Upload(file, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl,
      headers: { authorization: `Bearer ${token}` },
      metadata,
      chunkSize: options.chunkSize ?? 256 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onBeforeRequest(request) {
        if (firstOffset === null && request.getMethod() === 'PATCH')
          firstOffset = Number(request.getHeader('Upload-Offset'));
      },
      onProgress(sent, total) {
        progress.push(sent / total);
        if (options.stopAfter !== undefined && sent >= options.stopAfter) {
          void task.abort().then(() => resolve({ url: task.url, error: null, progress, firstOffset }));
        }
      },
      onSuccess: () => resolve({ url: task.url, error: null, progress, firstOffset }),
      onError: (error) => resolve({ url: task.url, error: error as TusResult['error'], progress, firstOffset }),
    });
    task.start();
  });
}
