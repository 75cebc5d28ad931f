import { signWebhookPayload, SIGNATURE_HEADER } from '../client/webhook-signature.js';
import { inTransaction } from '../database/database.js';
import { retryDelayMs } from '../domain/backoff.js';
import { eventRepository, type DueDelivery } from '../repositories/events.repository.js';
import type { AcquirerContext } from './context.js';

/**
 * Sends the deliveries that are due, each row locked (FOR UPDATE SKIP LOCKED) for as long as its
 * batch is in flight, so two acquirer instances never send the same row at once. Returns how many
 * were attempted.
 */
export async function deliverDueWebhooks(ctx: AcquirerContext): Promise<number> {
  return inTransaction(ctx.pool, async (client) => {
    const rows = await eventRepository.lockDueDeliveries(client);
    // Chaos mode: events it held back go out after the others, newest first.
    const ordered = [...rows.filter((row) => !row.held), ...rows.filter((row) => row.held).reverse()];
    for (const delivery of ordered) {
      const outcome = await send(ctx, delivery);
      const attempts = delivery.attempts + 1;
      if (outcome.ok) {
        await eventRepository.markDelivered(client, delivery.id, attempts, outcome.status);
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
      await eventRepository.recordFailedAttempt(client, delivery.id, {
        attempts,
        giveUp,
        responseStatus: outcome.status,
        error: outcome.error,
        retryInMs: delay,
      });
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
