import type { WebhookEvent, WebhookEventType } from '../client/api-types.js';
import type { Queryable } from '../database/database.js';
import type { WebhookChaos } from '../domain/webhook-chaos.js';

/** A delivery due to be sent, with its event. */
export interface DueDelivery {
  id: string;
  event_id: string;
  attempts: number;
  held: boolean;
  type: string;
  data: unknown;
  created_at: Date;
}

const BATCH = 20;

/**
 * The only writer of `events` and `webhook_deliveries` (the events the acquirer reports and their
 * sending) and of `settings` (which holds the webhook chaos switches).
 */
class EventRepository {
  /** The chaos switches set through the test API (null: never set). */
  async readChaos(db: Queryable): Promise<WebhookChaos | null> {
    const { rows } = await db.query<{ value: WebhookChaos }>(`select value from settings where key = 'webhook_chaos'`);
    return rows[0]?.value ?? null;
  }

  async writeChaos(db: Queryable, chaos: WebhookChaos): Promise<void> {
    await db.query(
      `insert into settings (key, value) values ('webhook_chaos', $1) on conflict (key) do update set value = excluded.value`,
      [JSON.stringify(chaos)],
    );
  }

  async insertEvent(db: Queryable, id: string, type: WebhookEventType, data: WebhookEvent['data']): Promise<void> {
    await db.query('insert into events (id, type, data) values ($1, $2, $3)', [id, type, JSON.stringify(data)]);
  }

  /** A pending delivery of the event, first tried now or, when `held`, `holdMs` from now. */
  async insertDelivery(db: Queryable, eventId: string, held: boolean, holdMs: number): Promise<void> {
    await db.query(
      `insert into webhook_deliveries (event_id, status, held, next_attempt_at) values ($1, 'pending', $2, now() + make_interval(secs => $3::double precision / 1000))`,
      [eventId, held, held ? holdMs : 0],
    );
  }

  /**
   * Locks (skipping rows others hold) a batch of the pending deliveries that are due, soonest first:
   * the rows stay locked while the caller's transaction sends them.
   */
  async lockDueDeliveries(db: Queryable): Promise<DueDelivery[]> {
    const { rows } = await db.query<DueDelivery>(
      `select d.id, d.event_id, d.attempts, d.held, e.type, e.data, e.created_at
         from webhook_deliveries d join events e on e.id = d.event_id
        where d.status = 'pending' and d.next_attempt_at <= now()
        order by d.next_attempt_at, d.id
        limit ${BATCH}
        for update of d skip locked`,
    );
    return rows;
  }

  /** The merchant's endpoint took the delivery at its `attempts`th attempt. */
  async markDelivered(db: Queryable, id: string, attempts: number, responseStatus: number | null): Promise<void> {
    await db.query(
      `update webhook_deliveries set status = 'delivered', attempts = $2, delivered_at = now(), last_response_status = $3, last_error = null where id = $1`,
      [id, attempts, responseStatus],
    );
  }

  /** The `attempts`th attempt failed: tried again `retryInMs` from now, or abandoned when `giveUp`. */
  async recordFailedAttempt(
    db: Queryable,
    id: string,
    failure: {
      attempts: number;
      giveUp: boolean;
      responseStatus: number | null;
      error: string | null;
      retryInMs: number;
    },
  ): Promise<void> {
    await db.query(
      `update webhook_deliveries
          set status = $2, attempts = $3, held = false, last_response_status = $4, last_error = $5,
              next_attempt_at = now() + make_interval(secs => $6::double precision / 1000)
        where id = $1`,
      [
        id,
        failure.giveUp ? 'failed' : 'pending',
        failure.attempts,
        failure.responseStatus,
        failure.error,
        failure.retryInMs,
      ],
    );
  }
}

export const eventRepository = new EventRepository();
