import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { inTransaction, type Queryable } from '../database/database.js';
import { ApiError } from '../domain/errors.js';
import { idempotencyKeyRepository } from '../repositories/idempotency-keys.repository.js';
import type { AcquirerContext } from '../services/context.js';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** JSON with keys sorted at every level, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Runs `work` once per Idempotency-Key and request path: the same key with the same body gets the
 * stored answer (with `Idempotent-Replayed: true`), the same key with another body gets 409. The
 * work and the stored answer commit together; concurrent requests with one key wait for each other.
 */
export async function idempotent(
  ctx: AcquirerContext,
  request: Request,
  { required }: { required: boolean },
  work: (db: Queryable) => Promise<ApiAnswer>,
): Promise<ApiAnswer & { replayed: boolean }> {
  const key = request.header('idempotency-key');
  if (key === undefined || key === '') {
    if (required) throw ApiError.invalid('The Idempotency-Key header is required for this request', 'Idempotency-Key');
    return { ...(await inTransaction(ctx.pool, work)), replayed: false };
  }
  if (key.length > 255)
    throw ApiError.invalid('The Idempotency-Key header is longer than 255 characters', 'Idempotency-Key');
  const scope = `${request.method} ${request.baseUrl}${request.path}`;
  const hash = createHash('sha256')
    .update(canonical(request.body ?? null))
    .digest('hex');
  return inTransaction(ctx.pool, async (client) => {
    await idempotencyKeyRepository.lock(client, scope, key);
    const stored = await idempotencyKeyRepository.find(client, scope, key);
    if (stored) {
      if (stored.requestHash !== hash) {
        throw new ApiError(
          409,
          'idempotency_conflict',
          'This Idempotency-Key was already used with a different request body',
        );
      }
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const answer = await work(client);
    await idempotencyKeyRepository.insert(client, scope, key, { requestHash: hash, ...answer });
    return { ...answer, replayed: false };
  });
}
