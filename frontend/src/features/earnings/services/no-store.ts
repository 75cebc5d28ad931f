import { ApiError } from '../../../lib/api-client';

/** The creator has no store yet: the sales API answers 404 (or 403) with code no_store. */
export const isNoStore = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403) && error.body?.code === 'no_store';
