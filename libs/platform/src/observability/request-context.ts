import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Short and made of safe characters, so a client's id can go into logs and job payloads as it is. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** The caller's X-Request-Id when it is acceptable, otherwise a new one. */
export function acceptRequestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && ACCEPTED_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Runs `fn` with `requestId` as the current request id (an HTTP request, or a job it caused). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The request id of the work in progress, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Accepts only ids this process could have made or accepted: what a job carries is re-checked, not trusted. */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && ACCEPTED_REQUEST_ID.test(value);
}
