import { PaymentProviderRefused, PaymentsUnavailable } from '../payment-provider.js';

export interface AcquirerHttpOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
  /** Attempts per call (1 = no retry). */
  attempts: number;
  /** Before retry n (1-based): the wait, doubled each time. */
  backoffMs: number;
}

/** Network errors, timeouts, 5xx and 429 may pass on a second try; any other 4xx will not. */
const retriable = (status: number) => status >= 500 || status === 429;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * JSON over HTTPS to the acquirer with its secret key: each attempt has a timeout, and the call is
 * retried a bounded number of times. A money-moving call sends an Idempotency-Key, so the
 * acquirer answers a retry with the first answer instead of charging again.
 */
export class AcquirerHttp {
  constructor(private readonly options: AcquirerHttpOptions) {}

  async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      if (attempt > 1) await pause(this.options.backoffMs * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.options.secretKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        lastProblem = `${method} ${path}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`;
        continue;
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return JSON.parse(text) as T;
      lastProblem = `${method} ${path} answered ${response.status}`;
      if (!retriable(response.status)) throw new PaymentProviderRefused(response.status, errorMessage(text) ?? lastProblem);
    }
    throw new PaymentsUnavailable(lastProblem);
  }
}

function errorMessage(text: string): string | null {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}
