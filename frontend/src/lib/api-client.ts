import { StorageKey, local } from './storage';

/** Our API's error body: `{ code, message, error, ... }`. */
export interface ApiErrorBody {
  code?: string | number;
  message?: string;
  error?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions extends Omit<RequestInit, 'body'> {
  /** Serialised as JSON with the matching content type. */
  json?: unknown;
  body?: BodyInit;
  /** Overrides the stored token, e.g. the access token of a session just returned by sign-up. */
  bearer?: string;
}

function storedBearer(path: string): string | null {
  return local.get(path.startsWith('/api/admin') ? StorageKey.adminToken : StorageKey.token);
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** fetch wrapper for the product API: adds the bearer token, sends JSON, throws ApiError on non-2xx. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { json, bearer, headers: extraHeaders, body, ...init } = options;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  const token = bearer ?? storedBearer(path);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, {
    ...init,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  const data = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, (data as ApiErrorBody | null) ?? null);
  return data as T;
}

/** Bytes a route serves only with the bearer beside its link (ID images), as an object URL the caller revokes. */
export async function apiObjectUrl(path: string): Promise<string> {
  const token = storedBearer(path);
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, ((await parseBody(response)) as ApiErrorBody | null) ?? null);
  return URL.createObjectURL(await response.blob());
}
