import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { trace } from '@opentelemetry/api';

/** A collector that does not answer delays a shutdown by at most this. */
const FLUSH_TIMEOUT_MS = 3000;

/**
 * At shutdown: sends the spans still batched, if tracing runs (tracing.ts), so a stopping process
 * does not drop its last seconds (Nest ends the process on SIGTERM; `beforeExit` never comes).
 */
@Injectable()
export class TraceFlush implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    const proxy = trace.getTracerProvider() as { getDelegate?: () => unknown };
    const provider = (proxy.getDelegate?.() ?? proxy) as { forceFlush?: () => Promise<void> };
    if (!provider.forceFlush) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      provider.forceFlush().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, FLUSH_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
  }
}
