import { expireDueSessions } from './services/checkout-sessions.js';
import type { AcquirerContext } from './services/context.js';
import { advanceConfirmations } from './services/crypto-invoices.js';
import { openDueDisputes } from './services/disputes.js';
import { deliverDueWebhooks } from './services/webhook-dispatcher.js';

/** One pass of the time-driven work; every step claims its rows with SKIP LOCKED, so instances can share it. */
export async function runBackgroundOnce(ctx: AcquirerContext): Promise<void> {
  await expireDueSessions(ctx);
  await openDueDisputes(ctx);
  await advanceConfirmations(ctx);
  // Keep sending while full batches come back, so a burst drains in one pass.
  while ((await deliverDueWebhooks(ctx)) >= 20) {
    /* next batch */
  }
}

/** Runs the background pass every `pollMs` until stopped; a pass never overlaps the previous one. */
export function startBackgroundLoop(ctx: AcquirerContext): { stop(): Promise<void>; runNow(): Promise<void> } {
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  const pass = () => {
    current = current.then(() =>
      runBackgroundOnce(ctx).catch((error: unknown) => {
        if (!stopped) ctx.log.error('background pass failed', { error: (error as Error).message });
      }),
    );
    return current;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void pass().then(schedule), ctx.config.pollMs);
  };
  schedule();
  return {
    runNow: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
