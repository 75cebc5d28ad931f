/** Which store holds the leases: Redis when REDIS_URL is set, else PostgreSQL. */
export type LeaseBackendKind = 'redis' | 'postgres';

/** What one backend stores; every method is atomic in the store. */
export interface LeaseStore {
  readonly kind: LeaseBackendKind;
  tryAcquire(namespace: string, key: string, token: string, leaseMs: number): Promise<boolean>;
  renew(namespace: string, key: string, token: string, leaseMs: number): Promise<boolean>;
  release(namespace: string, key: string, token: string): Promise<boolean>;
  requestRelease(namespace: string, key: string): Promise<void>;
  /** Resolves once release requests on this namespace reach `handler`. */
  listen(namespace: string, handler: (key: string) => void): Promise<void>;
  close(): Promise<void>;
}
