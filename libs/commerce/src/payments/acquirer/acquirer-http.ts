import { Pool, request } from 'undici';
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

/** undici's codes for an attempt that ran out of time (connecting, waiting for the headers, reading the body). */
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * JSON over HTTPS to the acquirer with its secret key, on a pool of kept-alive connections (undici):
 * each attempt has a timeout, and the call is retried a bounded number of times. A money-moving call
 * sends an Idempotency-Key, so the acquirer answers a retry with the first answer instead of
 * charging again.
 */
export class AcquirerHttp {
  private readonly pool: Pool;
  private readonly origin: URL;
  private closing?: Promise<void>;

  constructor(private readonly options: AcquirerHttpOptions) {
    this.origin = new URL(options.baseUrl);
    this.pool = new Pool(this.origin.origin, {
      connections: 64,
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  /** Closes the kept-alive connections (at shutdown); Nest may call it once per token the provider is registered under. */
  close(): Promise<void> {
    this.closing ??= this.pool.close();
    return this.closing;
  }

  async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      if (attempt > 1) await pause(this.options.backoffMs * 2 ** (attempt - 2));
      let status: number;
      let text: string;
      try {
        const response = await request(`${this.origin.origin}${this.origin.pathname.replace(/\/$/, '')}${path}`, {
          dispatcher: this.pool,
          method,
          headers: {
            authorization: `Bearer ${this.options.secretKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        status = response.statusCode;
        text = await response.body.text();
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        lastProblem = `${method} ${path}: ${code && TIMEOUTS.has(code) ? 'timed out' : message}`;
        continue;
      }
      if (status >= 200 && status < 300) return JSON.parse(text) as T;
      lastProblem = `${method} ${path} answered ${status}`;
      if (!retriable(status)) throw new PaymentProviderRefused(status, errorMessage(text) ?? lastProblem);
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
