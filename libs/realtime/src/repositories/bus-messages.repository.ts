import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/**
 * The PostgreSQL bus's statements: NOTIFYs on one channel, and `realtime_bus_messages`, where an
 * envelope too large for a NOTIFY payload is stored and its row id notified (after `marker`).
 * They run on the bus's own connections (a LISTEN needs its session), except the pruning.
 */

/** One statement for a run of envelopes: unnest yields them in order, and NOTIFYs of one transaction are delivered in the order sent. */
export async function notifyEach(client: pg.Client, channel: string, envelopes: readonly string[]): Promise<void> {
  await client.query('select count(pg_notify($1, envelope)) from unnest($2::text[]) as envelope', [channel, envelopes]);
}

/** Stores a large envelope and notifies `marker` followed by its row id, in one statement. */
export async function storeAndNotify(
  client: pg.Client,
  channel: string,
  marker: string,
  envelope: string,
): Promise<void> {
  await client.query(
    `with stored as (insert into realtime_bus_messages (envelope) values ($3) returning id) select pg_notify($1, $2::text || id) from stored`,
    [channel, marker, envelope],
  );
}

/** A stored envelope by row id; undefined once pruned. */
export async function readStoredEnvelope(client: pg.Client, id: string): Promise<string | undefined> {
  const { rows } = await client.query<{ envelope: string }>(
    'select envelope from realtime_bus_messages where id = $1',
    [id],
  );
  return rows[0]?.envelope;
}

/** Stored envelopes are read within moments of their NOTIFY; those older than `retentionSeconds` go. */
export async function pruneStoredEnvelopes(em: EntityManager, retentionSeconds: number): Promise<void> {
  await em.execute(`delete from realtime_bus_messages where created_at < now() - make_interval(secs => ?)`, [
    retentionSeconds,
  ]);
}
