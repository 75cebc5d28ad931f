import type { WebhookEvent, WebhookEventType } from '../client/api-types.js';
import type { Queryable } from '../database/database.js';
import { newId } from '../domain/ids.js';
import { NO_CHAOS, type WebhookChaos } from '../domain/webhook-chaos.js';
import { eventRepository } from '../repositories/events.repository.js';
import type { AcquirerContext } from './context.js';

export { NO_CHAOS, type WebhookChaos };

export async function readChaos(db: Queryable): Promise<WebhookChaos> {
  return (await eventRepository.readChaos(db)) ?? NO_CHAOS;
}

export async function writeChaos(db: Queryable, chaos: WebhookChaos): Promise<void> {
  await eventRepository.writeChaos(db, chaos);
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
  await eventRepository.insertEvent(db, id, type, data);
  const chaos = await readChaos(db);
  const copies = chaos.duplicates && Math.random() < chaos.rate ? 2 : 1;
  const held = chaos.out_of_order && Math.random() < chaos.rate;
  for (let copy = 0; copy < copies; copy += 1) {
    await eventRepository.insertDelivery(db, id, held, ctx.config.chaosHoldMs);
  }
  ctx.log.debug('event recorded', { event: id, type, copies, held });
  return id;
}
