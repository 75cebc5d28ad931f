import type { WebhookEvent, WebhookEventType } from '../client/api-types.js';
import type { Queryable } from '../db/database.js';
import { newId } from '../domain/ids.js';
import type { AcquirerContext } from './context.js';

export interface WebhookChaos {
  /** Deliver some events twice. */
  duplicates: boolean;
  /** Hold some events back, then send the held ones newest first. */
  out_of_order: boolean;
  /** Share of events each switch applies to, 0..1. */
  rate: number;
}

export const NO_CHAOS: WebhookChaos = { duplicates: false, out_of_order: false, rate: 0.5 };

export async function readChaos(db: Queryable): Promise<WebhookChaos> {
  const { rows } = await db.query<{ value: WebhookChaos }>(`select value from settings where key = 'webhook_chaos'`);
  return rows[0]?.value ?? NO_CHAOS;
}

export async function writeChaos(db: Queryable, chaos: WebhookChaos): Promise<void> {
  await db.query(
    `insert into settings (key, value) values ('webhook_chaos', $1) on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(chaos)],
  );
}

/**
 * Records an event and its delivery rows in the caller's transaction, so an event exists exactly
 * when the change it reports was committed. The dispatcher sends it afterwards.
 */
export async function emitEvent(
  db: Queryable,
  ctx: AcquirerContext,
  type: WebhookEventType,
  data: WebhookEvent['data'],
): Promise<string> {
  const id = newId('evt');
  await db.query('insert into events (id, type, data) values ($1, $2, $3)', [id, type, JSON.stringify(data)]);
  const chaos = await readChaos(db);
  const copies = chaos.duplicates && Math.random() < chaos.rate ? 2 : 1;
  const held = chaos.out_of_order && Math.random() < chaos.rate;
  for (let copy = 0; copy < copies; copy += 1) {
    await db.query(
      `insert into webhook_deliveries (event_id, status, held, next_attempt_at) values ($1, 'pending', $2, now() + make_interval(secs => $3::double precision / 1000))`,
      [id, held, held ? ctx.config.chaosHoldMs : 0],
    );
  }
  ctx.log.debug('event recorded', { event: id, type, copies, held });
  return id;
}
