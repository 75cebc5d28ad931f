import { z } from 'zod';

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), { message: 'must start with http:// or https://' });

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const schema = z.object({
  ACQUIRER_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  /** Where customers' browsers reach the hosted pages; defaults to http://localhost:<port>. */
  ACQUIRER_PUBLIC_URL: httpUrl.optional(),
  ACQUIRER_HOST: z.string().min(1).default('0.0.0.0'),
  ACQUIRER_DATABASE_URL: z
    .string()
    .url()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), { message: 'must start with postgres:// or postgresql://' })
    .default('postgres://postgres@127.0.0.1:5432/postgres'),
  ACQUIRER_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier (letters, digits, underscores)')
    .default('acquirer'),
  ACQUIRER_SECRET_KEY: z.string().min(16, 'must be at least 16 characters').default('sk_test_fanmint_sandbox_local'),
  ACQUIRER_WEBHOOK_URL: httpUrl.default('http://127.0.0.1:3000/api/payments/webhooks/sandbox'),
  /** Comma-separated; every active secret signs each event (two during a rotation). */
  ACQUIRER_WEBHOOK_SECRETS: z
    .string()
    .default('whsec_fanmint_sandbox_local')
    .transform((value) =>
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().min(16, 'each secret must be at least 16 characters'))
        .min(1, 'needs at least one secret')
        .max(5),
    ),
  ACQUIRER_MERCHANT_NAME: z.string().trim().min(1).max(80).default('Fanmint'),
  /** How long an unpaid checkout session stays open. */
  ACQUIRER_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86400)
    .default(30 * 60),
  /** First retry delay of a failed webhook delivery; each further one doubles (with jitter). */
  ACQUIRER_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(60_000),
  /** 13 attempts at a one-minute base spread the retries over about three days. */
  ACQUIRER_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(13),
  ACQUIRER_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How often the background loop delivers webhooks, expires sessions and advances the simulations. */
  ACQUIRER_POLL_MS: z.coerce.number().int().min(10).default(500),
  /** How long chaos mode holds an event back before sending the held ones newest first. */
  ACQUIRER_CHAOS_HOLD_MS: milliseconds(1_000),
  /** The "approves, then charges back" card: how long after the payment its dispute opens. */
  ACQUIRER_DISPUTE_DELAY_MS: milliseconds(30_000),
  ACQUIRER_CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).max(64).default(3),
  /** A paid invoice gains one confirmation per interval; 0 leaves it to the test endpoint. */
  ACQUIRER_CRYPTO_CONFIRMATION_MS: milliseconds(5_000),
  ACQUIRER_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type LogLevel = z.infer<typeof schema>['ACQUIRER_LOG_LEVEL'];

export interface AcquirerConfig {
  port: number;
  host: string;
  publicUrl: string | null;
  databaseUrl: string;
  schema: string;
  secretKey: string;
  webhookUrl: string;
  webhookSecrets: string[];
  merchantName: string;
  sessionTtlSeconds: number;
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  pollMs: number;
  chaosHoldMs: number;
  disputeDelayMs: number;
  cryptoConfirmations: number;
  cryptoConfirmationMs: number;
  logLevel: LogLevel;
}

export class AcquirerConfigError extends Error {}

/** The values this repository publishes for the acquirer's secrets (its defaults, docker-compose.yml's). */
const PUBLISHED = new Set([
  'sk_test_fanmint_sandbox_local',
  'whsec_fanmint_sandbox_local',
  'sk_test_fanmint_sandbox_compose',
  'whsec_fanmint_sandbox_compose',
]);
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|placeholder|example|^your[-_]|^<.*>$|x{8,}|\$\{/i;

/** In production (NODE_ENV) a secret left at a published or placeholder value is no secret: one line per such setting. */
function productionSecretProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return (['ACQUIRER_SECRET_KEY', 'ACQUIRER_WEBHOOK_SECRETS'] as const).flatMap((name) => {
    const values = (env[name] ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length === 0) return [`  ${name}: is required with NODE_ENV=production`];
    if (values.some((value) => PUBLISHED.has(value)))
      return [`  ${name}: is a built-in default or published example value`];
    if (values.some((value) => PLACEHOLDER.test(value) || new Set(value).size < 4))
      return [`  ${name}: is a placeholder`];
    return [];
  });
}

/** Reads the ACQUIRER_* settings (defaults suit a local run, never production); a bad one fails with its name and why. */
export function loadAcquirerConfig(env: Record<string, string | undefined> = process.env): AcquirerConfig {
  const parsed = schema.safeParse(env);
  const weak = productionSecretProblems(env);
  if (!parsed.success || weak.length > 0) {
    const lines = [
      ...(parsed.error?.issues.map((issue) => `  ${String(issue.path[0] ?? '')}: ${issue.message}`) ?? []),
      ...weak,
    ];
    throw new AcquirerConfigError(`Invalid acquirer configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.ACQUIRER_PORT,
    host: c.ACQUIRER_HOST,
    publicUrl: c.ACQUIRER_PUBLIC_URL?.replace(/\/$/, '') ?? null,
    databaseUrl: c.ACQUIRER_DATABASE_URL,
    schema: c.ACQUIRER_SCHEMA,
    secretKey: c.ACQUIRER_SECRET_KEY,
    webhookUrl: c.ACQUIRER_WEBHOOK_URL,
    webhookSecrets: c.ACQUIRER_WEBHOOK_SECRETS,
    merchantName: c.ACQUIRER_MERCHANT_NAME,
    sessionTtlSeconds: c.ACQUIRER_SESSION_TTL_SECONDS,
    webhookRetryBaseMs: c.ACQUIRER_WEBHOOK_RETRY_BASE_MS,
    webhookMaxAttempts: c.ACQUIRER_WEBHOOK_MAX_ATTEMPTS,
    webhookTimeoutMs: c.ACQUIRER_WEBHOOK_TIMEOUT_MS,
    pollMs: c.ACQUIRER_POLL_MS,
    chaosHoldMs: c.ACQUIRER_CHAOS_HOLD_MS,
    disputeDelayMs: c.ACQUIRER_DISPUTE_DELAY_MS,
    cryptoConfirmations: c.ACQUIRER_CRYPTO_CONFIRMATIONS,
    cryptoConfirmationMs: c.ACQUIRER_CRYPTO_CONFIRMATION_MS,
    logLevel: c.ACQUIRER_LOG_LEVEL,
  };
}
