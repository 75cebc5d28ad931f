import { prepared, type Queryable } from '../database/database.js';

/** The answer given to the first request with a key, and the hash of that request's body. */
export interface StoredAnswer {
  requestHash: string;
  status: number;
  body: unknown;
}

const lockKey = prepared('select pg_advisory_xact_lock(hashtext($1))');
const storedAnswer = prepared(
  'select request_hash, response_status, response_body from idempotency_keys where scope = $1 and key = $2',
);
const storeAnswer = prepared(
  'insert into idempotency_keys (scope, key, request_hash, response_status, response_body) values ($1, $2, $3, $4, $5)',
);

/** The only writer of `idempotency_keys`: one stored answer per request path (`scope`) and Idempotency-Key. */
class IdempotencyKeyRepository {
  /** Waits for, then holds until the transaction ends, the lock of one scope and key. */
  async lock(db: Queryable, scope: string, key: string): Promise<void> {
    await db.query(lockKey([`${scope} ${key}`]));
  }

  async find(db: Queryable, scope: string, key: string): Promise<StoredAnswer | null> {
    const { rows } = await db.query<{ request_hash: string; response_status: number; response_body: unknown }>(
      storedAnswer([scope, key]),
    );
    const row = rows[0];
    return row ? { requestHash: row.request_hash, status: row.response_status, body: row.response_body } : null;
  }

  async insert(db: Queryable, scope: string, key: string, answer: StoredAnswer): Promise<void> {
    await db.query(storeAnswer([scope, key, answer.requestHash, answer.status, JSON.stringify(answer.body)]));
  }
}

export const idempotencyKeyRepository = new IdempotencyKeyRepository();
