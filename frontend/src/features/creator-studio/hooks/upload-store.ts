import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { startUpload, type UploadFailure, type UploadHandle } from '../services/tus-upload';

export type UploadStatus = 'starting' | 'uploading' | 'reconnecting' | 'paused' | 'offline' | 'done' | 'refused';

export interface UploadEntry {
  id: string;
  contentId: string;
  fileName: string;
  bytesTotal: number;
  bytesSent: number;
  status: UploadStatus;
  /** Why a file was refused: the server's message. */
  message: string | null;
}

const ACTIVE: ReadonlySet<UploadStatus> = new Set(['starting', 'uploading', 'reconnecting']);
export const isActive = (entry: UploadEntry) => ACTIVE.has(entry.status);
export const percentOf = (entry: UploadEntry) =>
  entry.bytesTotal > 0
    ? Math.min(100, Math.floor((entry.bytesSent / entry.bytesTotal) * 100))
    : entry.status === 'done'
      ? 100
      : 0;

/**
 * The uploads of this tab, outside any page: they keep going while the creator moves around the
 * dashboard, and come back into view when the item is opened again.
 */
class UploadStore {
  private entries: UploadEntry[] = [];
  private readonly handles = new Map<string, UploadHandle>();
  /** What is needed to start a file again when its upload could not even begin (e.g. offline). */
  private readonly sources = new Map<string, { file: File; onFinished: () => void }>();
  private readonly listeners = new Set<() => void>();
  private sequence = 0;
  private listeningOnline = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.entries;

  /** Starts each file; `refusal` turns a file away before any byte is sent (e.g. the wrong type). */
  add(contentId: string, files: File[], options: { refusal?: (file: File) => string | null; onFinished: () => void }) {
    this.listenForConnection();
    for (const file of files) {
      const id = `upload-${++this.sequence}`;
      const refusal = options.refusal?.(file) ?? null;
      this.set([
        ...this.entries,
        {
          id,
          contentId,
          fileName: file.name,
          bytesTotal: file.size,
          bytesSent: 0,
          status: refusal ? 'refused' : 'starting',
          message: refusal,
        },
      ]);
      if (!refusal) void this.begin(id, file, contentId, options.onFinished);
    }
  }

  pause(id: string) {
    this.handles.get(id)?.pause();
    this.update(id, { status: 'paused' });
  }

  resume(id: string) {
    const entry = this.find(id);
    if (!entry) return;
    this.update(id, { status: 'uploading' });
    const handle = this.handles.get(id);
    const source = this.sources.get(id);
    if (handle) handle.resume();
    else if (source) void this.begin(id, source.file, entry.contentId, source.onFinished);
  }

  /** Takes a finished or refused row off the list. */
  dismiss(id: string) {
    if (!this.find(id)) return;
    this.handles.get(id)?.pause();
    this.handles.delete(id);
    this.sources.delete(id);
    this.set(this.entries.filter((entry) => entry.id !== id));
  }

  clearFinished(contentId: string) {
    this.set(
      this.entries.filter(
        (entry) => entry.contentId !== contentId || (entry.status !== 'done' && entry.status !== 'refused'),
      ),
    );
  }

  /** Tests: forget everything. */
  reset() {
    for (const handle of this.handles.values()) handle.pause();
    this.handles.clear();
    this.sources.clear();
    this.set([]);
  }

  private async begin(id: string, file: File, contentId: string, onFinished: () => void) {
    this.sources.set(id, { file, onFinished });
    try {
      const handle = await startUpload(file, contentId, {
        onProgress: (bytesSent, bytesTotal) => {
          const entry = this.find(id);
          if (entry && entry.status !== 'paused') this.update(id, { bytesSent, bytesTotal, status: 'uploading' });
        },
        onReconnecting: () => this.update(id, { status: 'reconnecting' }),
        onSuccess: () => {
          this.handles.delete(id);
          this.sources.delete(id);
          this.update(id, { status: 'done', bytesSent: file.size, bytesTotal: file.size });
          onFinished();
        },
        onError: (failure: UploadFailure) => {
          if (failure.kind === 'refused') {
            this.handles.delete(id);
            this.sources.delete(id);
            this.update(id, { status: 'refused', message: failure.message });
          } else {
            this.update(id, { status: 'offline' });
          }
        },
      });
      const entry = this.find(id);
      // Dismissed or paused while the client was loading.
      if (!entry) return handle.pause();
      if (entry.status === 'done' || entry.status === 'refused') return;
      this.handles.set(id, handle);
      if (entry.status === 'paused') handle.pause();
      else if (entry.status === 'starting') this.update(id, { status: 'uploading' });
    } catch (error) {
      console.error('Could not start the upload', error);
      this.update(id, { status: 'offline' });
    }
  }

  /** A dropped connection that outlasted the retries picks up again as soon as the browser is back online. */
  private listenForConnection() {
    if (this.listeningOnline || typeof window === 'undefined') return;
    this.listeningOnline = true;
    window.addEventListener('online', () => {
      for (const entry of this.entries) if (entry.status === 'offline') this.resume(entry.id);
    });
  }

  private find(id: string) {
    return this.entries.find((entry) => entry.id === id);
  }

  private update(id: string, change: Partial<UploadEntry>) {
    if (!this.find(id)) return;
    this.set(this.entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }

  private set(entries: UploadEntry[]) {
    this.entries = entries;
    for (const listener of this.listeners) listener();
  }
}

export const uploadStore = new UploadStore();

/** The uploads into one item, or all of them. */
export function useUploads(contentId?: string): UploadEntry[] {
  const all = useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot, uploadStore.getSnapshot);
  return useMemo(() => (contentId ? all.filter((entry) => entry.contentId === contentId) : all), [all, contentId]);
}

/** Asks before the tab is closed while files are still being sent. */
export function useWarnBeforeUnload() {
  const uploads = useUploads();
  const sending = uploads.some(isActive);
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);
}
