import * as tus from 'tus-js-client';

export interface TusResult {
  url: string | null;
  error: Error | null;
  /** Where the client started sending (the server's offset when it resumed). */
  firstOffset: number | null;
}

/** The official tus client; `stopAfter` drops the upload part-way, `uploadUrl` resumes one. */
export function tusUpload(endpoint: string, token: string, file: Buffer, metadata: Record<string, string>, options: { uploadUrl?: string; stopAfter?: number } = {}): Promise<TusResult> {
  return new Promise((resolve) => {
    let firstOffset: number | null = null;
    const task: tus.Upload = new tus.Upload(file, {
      endpoint,
      uploadUrl: options.uploadUrl,
      headers: { authorization: `Bearer ${token}` },
      metadata,
      chunkSize: 256 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onBeforeRequest(request) {
        if (firstOffset === null && request.getMethod() === 'PATCH') firstOffset = Number(request.getHeader('Upload-Offset'));
      },
      onProgress(sent) {
        if (options.stopAfter !== undefined && sent >= options.stopAfter) void task.abort().then(() => resolve({ url: task.url, error: null, firstOffset }));
      },
      onSuccess: () => resolve({ url: task.url, error: null, firstOffset }),
      onError: (error) => resolve({ url: task.url, error, firstOffset }),
    });
    task.start();
  });
}
