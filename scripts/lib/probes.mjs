// Reachability checks for the services the product and the tests use.
import pg from 'pg';

/** Resolves to null when PostgreSQL at `url` answers `SELECT 1` within `timeoutMs`, else to the reason. */
export async function probePostgres(url, timeoutMs = 2000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  let timer;
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query('SELECT 1');
      })(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return null;
  } catch (error) {
    return error?.message || error?.code || String(error);
  } finally {
    clearTimeout(timer);
    client.end().catch(() => {});
  }
}

/** Resolves to null when Redis at `url` answers PING within `timeoutMs`, else to the reason. */
export async function probeRedis(url, timeoutMs = 2000) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    reconnectOnError: () => false,
  });
  let lastError;
  redis.on('error', (error) => {
    lastError = error;
  });
  let timer;
  try {
    await Promise.race([
      (async () => {
        await redis.connect();
        const pong = await redis.ping();
        if (pong !== 'PONG') throw new Error(`unexpected PING reply ${pong}`);
      })(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return null;
  } catch (error) {
    return lastError?.message || error?.message || String(error);
  } finally {
    clearTimeout(timer);
    redis.disconnect();
  }
}

/** With the database name replaced (e.g. to reach the `postgres` maintenance database). */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
