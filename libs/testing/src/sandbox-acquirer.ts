import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createAcquirer, loadAcquirerConfig, type Acquirer } from '#app/sandbox-acquirer';
import { readApiResponse, type ApiResponse } from './http.js';
import { testDatabaseUrl } from './test-platform.js';

export interface SandboxAcquirerOptions {
  /** Where webhooks go (default: a closed port, so deliveries just retry). */
  webhookUrl?: string;
  /** Signing secrets, newest last; two simulate a rotation. */
  webhookSecrets?: string[];
  /** Any other ACQUIRER_* setting, as the environment would give it. */
  env?: Record<string, string>;
  /** Receives every log line (JSON); silent when not given (ACQUIRER_TEST_LOG=1 prints them). */
  logSink?: (line: string) => void;
}

export interface SandboxAcquirer {
  acquirer: Acquirer;
  url: string;
  secretKey: string;
  webhookSecrets: string[];
  schema: string;
  /** A call to the merchant API with the secret key (a header given as null is left out, e.g. `{ authorization: null }`). */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string | null>): Promise<ApiResponse>;
  /** Runs expiry, disputes, confirmations and webhook delivery now instead of at the next poll. */
  tick(): Promise<void>;
  /** An outage: stops serving (its port closed), keeping its schema. */
  stop(): Promise<void>;
  /** Back after stop(): the same port, schema and keys. */
  restart(): Promise<void>;
  /** Stops it and drops its schema. */
  close(): Promise<void>;
}

/**
 * A sandbox acquirer on a free port against the run's test database, in a fresh schema of its own,
 * with a fast schedule (webhook retries from 50 ms, background work every 25 ms).
 */
export async function startSandboxAcquirer(options: SandboxAcquirerOptions = {}): Promise<SandboxAcquirer> {
  const schema = `acquirer_t${randomBytes(4).toString('hex')}`;
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecrets = options.webhookSecrets ?? [`whsec_${randomBytes(16).toString('hex')}`];
  const config = loadAcquirerConfig({
    ACQUIRER_PORT: '0',
    ACQUIRER_HOST: '127.0.0.1',
    ACQUIRER_DATABASE_URL: testDatabaseUrl(),
    ACQUIRER_SCHEMA: schema,
    ACQUIRER_SECRET_KEY: secretKey,
    ACQUIRER_WEBHOOK_URL: options.webhookUrl ?? 'http://127.0.0.1:9/webhooks',
    ACQUIRER_WEBHOOK_SECRETS: webhookSecrets.join(','),
    ACQUIRER_WEBHOOK_RETRY_BASE_MS: '50',
    ACQUIRER_WEBHOOK_TIMEOUT_MS: '2000',
    ACQUIRER_POLL_MS: '25',
    ACQUIRER_CHAOS_HOLD_MS: '150',
    ACQUIRER_DISPUTE_DELAY_MS: '200',
    ACQUIRER_CRYPTO_CONFIRMATION_MS: '0',
    ACQUIRER_LOG_LEVEL: options.logSink || process.env.ACQUIRER_TEST_LOG ? 'debug' : 'silent',
    ...options.env,
  });
  const logSink =
    options.logSink ??
    (process.env.ACQUIRER_TEST_LOG ? (line: string) => process.stderr.write(`${line}\n`) : undefined);
  let acquirer = await createAcquirer(config, { logSink });
  const url = await acquirer.listen();
  const port = new URL(url).port;

  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string | null> = {},
  ): Promise<ApiResponse> => {
    const sent: Record<string, string> = {
      authorization: `Bearer ${secretKey}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    for (const [name, value] of Object.entries(headers)) {
      if (value === null) delete sent[name.toLowerCase()];
      else sent[name.toLowerCase()] = value;
    }
    return readApiResponse(
      await fetch(`${url}${path}`, {
        method,
        headers: sent,
        body: body !== undefined ? JSON.stringify(body) : undefined,
        redirect: 'manual',
      }),
    );
  };

  let closed: Promise<void> | null = null;
  return {
    get acquirer() {
      return acquirer;
    },
    url,
    secretKey,
    webhookSecrets,
    schema,
    request,
    tick: () => acquirer.tick(),
    stop: () => acquirer.close(),
    async restart() {
      acquirer = await createAcquirer({ ...config, port: Number(port) }, { logSink });
      await acquirer.listen();
    },
    close() {
      closed ??= (async () => {
        await acquirer.close();
        const client = new pg.Client({ connectionString: testDatabaseUrl() });
        await client.connect();
        try {
          await client.query(`drop schema if exists "${schema}" cascade`);
        } finally {
          await client.end();
        }
      })();
      return closed;
    },
  };
}
