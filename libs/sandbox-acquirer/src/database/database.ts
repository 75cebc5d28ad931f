import { createHash } from 'node:crypto';
import pg from 'pg';

export type Queryable = Pick<pg.ClientBase, 'query'>;

/** A pool whose connections all see the acquirer's schema first. */
export function createPool(databaseUrl: string, schema: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: `-c search_path="${schema}"` });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction on one connection. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A hot-path statement, prepared once per connection under a name derived from its text: PostgreSQL
 * parses and plans it the first time only (an unnamed statement is planned on every call).
 */
export function prepared(text: string): (values: unknown[]) => pg.QueryConfig {
  const name = `acq_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return (values) => ({ name, text, values });
}
