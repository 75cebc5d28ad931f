import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { LeaseStoreUnavailable, LeaseTimeout, type HeldLease, type LeaseLocks } from '#app/platform';

/** The lease-lock namespace of tus uploads (one release channel for all of them). */
export const UPLOAD_LOCK_NAMESPACE = 'tus_uploads';

/**
 * tus's Locker across api instances, on the platform's LeaseLocks (Redis, else PostgreSQL), in
 * place of tus's per-process MemoryLocker: a client resuming on instance B while instance A still
 * writes the same upload asks A to let go (A's request ends, tus answers it and unlocks), then B
 * writes alone. As with MemoryLocker, a lock still held after the acquire timeout is tus's
 * ERR_LOCK_TIMEOUT (500, the client retries); an unreachable lock store is a 503.
 */
export class UploadLocker implements Locker {
  constructor(
    private readonly locks: LeaseLocks,
    private readonly acquireLockTimeout = 30_000,
  ) {}

  newLock(id: string): Lock {
    return new UploadLock(id, this.locks, this.acquireLockTimeout);
  }
}

class UploadLock implements Lock {
  private held: HeldLease | null = null;

  constructor(
    private readonly id: string,
    private readonly locks: LeaseLocks,
    private readonly timeout: number,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    try {
      this.held = await this.locks.acquire(UPLOAD_LOCK_NAMESPACE, this.id, {
        signal: stopSignal,
        timeoutMs: this.timeout,
        onReleaseRequested: () => void requestRelease(),
      });
    } catch (error) {
      if (error instanceof LeaseTimeout) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (error instanceof LeaseStoreUnavailable)
        throw {
          status_code: 503,
          body: JSON.stringify({
            code: 'upload_lock_unavailable',
            message: 'Uploads are briefly unavailable; try again',
            error: 'Uploads are briefly unavailable; try again',
          }),
        };
      throw error;
    }
  }

  /**
   * Only the holder releases; a lease lost meanwhile (its holder paused too long) is already gone.
   * With the store away the bytes written still count: the lock then frees when its lease runs out.
   */
  async unlock(): Promise<void> {
    const held = this.held;
    if (!held) throw new Error('Releasing an unlocked lock!');
    this.held = null;
    await held.release().catch((error: unknown) => {
      if (!(error instanceof LeaseStoreUnavailable)) throw error;
    });
  }
}
