import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { LeaseStore } from '../lease-store.js';

const clientOptions = (connectionString: string): pg.ClientConfig => ({
  connectionString,
  connectionTimeoutMillis: 5000,
  query_timeout: 5000,
  application_name: 'fanmint-locks',
});

export class PostgresLeaseStore implements LeaseStore {
  readonly kind = 'postgres';
  private readonly logger = new Logger('LeaseLocks');
  private readonly pool: pg.Pool;
  private listener: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, (key: string) => void>();
  private closed = false;
  private sweptAt = 0;

  constructor(private readonly databaseUrl: string) {
    this.pool = new pg.Pool({ ...clientOptions(databaseUrl), max: 3, idleTimeoutMillis: 10_000 });
    this.pool.on('error', () => undefined);
  }

  /** NOTIFY channels are identifiers: one per namespace. */
  private channel(namespace: string): string {
    return `lease_release_${namespace}`;
  }

  async tryAcquire(namespace: string, key: string, token: string, leaseMs: number): Promise<boolean> {
    await this.sweep();
    const { rowCount } = await this.pool.query(
      `insert into lease_locks (namespace, key, token, expires_at) values ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
       on conflict (namespace, key) do update set token = excluded.token, expires_at = excluded.expires_at
       where lease_locks.expires_at <= clock_timestamp()`,
      [namespace, key, token, leaseMs],
    );
    return rowCount === 1;
  }

  /** Leases of crashed holders whose key nobody asked for again are deleted once they are long over (at most once a minute). */
  private async sweep(): Promise<void> {
    if (Date.now() - this.sweptAt < 60_000) return;
    this.sweptAt = Date.now();
    await this.pool.query(`delete from lease_locks where expires_at < clock_timestamp() - interval '1 hour'`);
  }

  async renew(namespace: string, key: string, token: string, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `update lease_locks set expires_at = clock_timestamp() + $4 * interval '1 millisecond' where namespace = $1 and key = $2 and token = $3 and expires_at > clock_timestamp()`,
      [namespace, key, token, leaseMs],
    );
    return rowCount === 1;
  }

  async release(namespace: string, key: string, token: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `delete from lease_locks where namespace = $1 and key = $2 and token = $3`,
      [namespace, key, token],
    );
    return rowCount === 1;
  }

  async requestRelease(namespace: string, key: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [this.channel(namespace), key]);
  }

  async listen(namespace: string, handler: (key: string) => void): Promise<void> {
    const channel = this.channel(namespace);
    const known = this.handlers.has(channel);
    this.handlers.set(channel, handler);
    // A new connection listens on every known channel as it opens.
    const client = await this.listenerClient();
    if (known) return;
    await client.query(`listen ${channel}`).catch((error: unknown) => {
      this.handlers.delete(channel);
      throw error;
    });
  }

  /** One LISTEN connection per process; when it drops, the next acquire opens another and listens again. */
  private listenerClient(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the lock store is closed'));
    this.listener ??= (async () => {
      const client = new pg.Client({ ...clientOptions(this.databaseUrl), query_timeout: undefined });
      const forget = () => {
        if (this.listener === connecting) this.listener = null;
      };
      client.on('notification', (notification) =>
        this.handlers.get(notification.channel)?.(notification.payload ?? ''),
      );
      client.on('error', (error) => {
        this.logger.warn(`lock listener connection failed: ${error.message}`);
        forget();
      });
      client.on('end', forget);
      try {
        await client.connect();
        // Channels listened before a reconnect are listened again.
        for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
      } catch (error) {
        forget();
        await client.end().catch(() => undefined);
        throw error;
      }
      return client;
    })();
    const connecting = this.listener;
    return connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await Promise.all([
      listener?.then((client) => client.end()).catch(() => undefined),
      this.pool.end().catch(() => undefined),
    ]);
  }
}
