import { signWebhookPayload, SIGNATURE_HEADER } from '../client/webhook-signature.js';
import { inTransaction } from '../db/database.js';
import { retryDelayMs } from '../domain/backoff.js';
import type { AcquirerContext } from './context.js';

interface DueDelivery {
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
 * Sends the deliveries that are due, each row locked (FOR UPDATE SKIP LOCKED) for as long as its
 * batch is in flight, so two acquirer instances never send the same row at once. Returns how many
 * were attempted.
 */
export async function deliverDueWebhooks(ctx: AcquirerContext): Promise<number> {
  return inTransaction(ctx.pool, async (client) => {
    const { rows } = await client.query<DueDelivery>(
      `select d.id, d.event_id, d.attempts, d.held, e.type, e.data, e.created_at
         from webhook_deliveries d join events e on e.id = d.event_id
        where d.status = 'pending' and d.next_attempt_at <= now()
        order by d.next_attempt_at, d.id
        limit ${BATCH}
        for update of d skip locked`,
    );
    // Chaos mode: events it held back go out after the others, newest first.
    const ordered = [...rows.filter((row) => !row.held), ...rows.filter((row) => row.held).reverse()];
    for (const delivery of ordered) {
      const outcome = await send(ctx, delivery);
      const attempts = delivery.attempts + 1;
      if (outcome.ok) {
        await client.query(
          `update webhook_deliveries set status = 'delivered', attempts = $2, delivered_at = now(), last_response_status = $3, last_error = null where id = $1`,
          [delivery.id, attempts, outcome.status],
        );
        ctx.log.info('webhook delivered', {
          event: delivery.event_id,
          type: delivery.type,
          attempt: attempts,
          status: outcome.status,
        });
        continue;
      }
      const giveUp = attempts >= ctx.config.webhookMaxAttempts;
      const delay = retryDelayMs(attempts, ctx.config.webhookRetryBaseMs);
      await client.query(
        `update webhook_deliveries
            set status = $2, attempts = $3, held = false, last_response_status = $4, last_error = $5,
                next_attempt_at = now() + make_interval(secs => $6::double precision / 1000)
          where id = $1`,
        [delivery.id, giveUp ? 'failed' : 'pending', attempts, outcome.status, outcome.error, delay],
      );
      ctx.log.warn(giveUp ? 'webhook delivery abandoned' : 'webhook delivery failed, will retry', {
        event: delivery.event_id,
        type: delivery.type,
        attempt: attempts,
        status: outcome.status,
        error: outcome.error,
        ...(giveUp ? {} : { retry_in_ms: delay }),
      });
    }
    return rows.length;
  });
}

async function send(
  ctx: AcquirerContext,
  delivery: DueDelivery,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const body = JSON.stringify({
    id: delivery.event_id,
    type: delivery.type,
    created: delivery.created_at.toISOString(),
    data: delivery.data,
  });
  const signature = signWebhookPayload(body, ctx.config.webhookSecrets, Math.floor(Date.now() / 1000));
  try {
    const response = await fetch(ctx.config.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'SandboxAcquirer-Webhooks/1.0',
        [SIGNATURE_HEADER]: signature,
      },
      body,
      signal: AbortSignal.timeout(ctx.config.webhookTimeoutMs),
      redirect: 'manual',
    });
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, status: null, error: cause ?? (error as Error).name ?? 'network error' };
  }
}
