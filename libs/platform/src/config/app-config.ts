import { z } from 'zod';
import { APP_SECRETS, productionSecretProblems } from './production-secrets.js';

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: url(['http', 'https']).optional(),
  DATABASE_URL: url(['postgres', 'postgresql']),
  /** Connections each process may hold (api and worker each); opened on demand, closed when idle. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  /** Namespace for queue and rate-limit keys, so several installations can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('fanmint'),
  /** Without REDIS_URL: the PostgreSQL schema that holds the job queues, so several installations can share one database. */
  QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier (letters, digits, underscores)')
    .default('bullmq'),
  SMTP_URL: url(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Fanmint <no-reply@fanmint.local>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(86400).default(3600),
  LAUNCH_PHASE: z.enum(['prelaunch', 'live']).default('prelaunch'),
  /** Wallets added before this instant take part in the community airdrop (unset: no snapshot taken yet). */
  AIRDROP_SNAPSHOT_DATE: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** Private files (ID documents, uploads): a directory, never served by the web server. */
  STORAGE_DIR: z.string().default('var/storage'),
  /** With S3_BUCKET set, file bytes live in that private bucket instead of STORAGE_DIR (S3, MinIO, R2 …). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  /** The S3 API's address (MinIO: http://minio:9000); unset means AWS itself. */
  S3_ENDPOINT: url(['http', 'https']).optional(),
  /** Where browsers reach the bucket (or a CDN before it) for presigned links; unset: S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the SDK's own chain (environment, instance role, web identity). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Bought media as a 302 to a short-lived presigned GET on the bucket (S3 only) instead of streamed through the api. */
  MEDIA_SIGNED_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * 32 random bytes, base64: the key that encrypts ID documents at rest. Without it a key is derived
   * from JWT_SECRET (fine for development; set a separate key in production so one leak is not both).
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    })
    .optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  /** Multiplies every rate limit's allowance; only benchmarks raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Test-only (GoTrue's MAILER_AUTOCONFIRM): sign-up confirms at once and returns a session. Refused in production. */
  AUTH_AUTOCONFIRM: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Which payment provider takes fans' payments; only the sandbox acquirer ships so far. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The sandbox acquirer's merchant API (apps/acquirer); the defaults are its own. */
  SANDBOX_ACQUIRER_URL: url(['http', 'https']).default('http://localhost:4010'),
  SANDBOX_ACQUIRER_SECRET_KEY: z.string().min(8).default('sk_test_fanmint_sandbox_local'),
  /** Comma-separated webhook signing secrets; a delivery signed with any of them is accepted (rotation). */
  SANDBOX_ACQUIRER_WEBHOOK_SECRETS: z
    .string()
    .default('whsec_fanmint_sandbox_local')
    .transform((value) =>
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .refine((secrets) => secrets.length > 0, { message: 'must name at least one secret' }),
  /** Per attempt of a call to the payment provider; calls are retried a few times on network errors and 5xx. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * A purchase still pending or awaiting the fan on the hosted page this long after it was created
   * is expired by our sweep (after asking the provider): the acquirer's session lasts 30 minutes.
   */
  CHECKOUT_ABANDONED_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(45 * 60),
  /**
   * Where each process (api and worker) serves Prometheus /metrics, apart from the public port.
   * Unset: 9464 with NODE_ENV=production, off otherwise; 0: a free port (logged at start).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the metrics listener; unset: 0.0.0.0 in production, 127.0.0.1 otherwise. */
  METRICS_HOST: z.string().min(1).optional(),
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The public anon key the web app sends as `apikey` (the auth client's header, the realtime socket's
   * query); comma-separated to rotate. It names the app, never a user: /realtime/v1 refuses others.
   */
  PUBLIC_ANON_KEY: z
    .string()
    .default('fanmint-public-anon-key')
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.length > 0, { message: 'must name at least one key' }),
  /** How long an api instance trusts its cached view of the site password gate before reading it again. */
  SITE_GATE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** /realtime/v1: a socket silent this long is closed (the web app's heartbeat is 30 s: keep above two). */
  REALTIME_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(90_000),
  /** /realtime/v1: a refused join is answered after this delay, so a client retrying forever stays cheap. */
  REALTIME_REFUSED_JOIN_DELAY_MS: z.coerce.number().int().min(0).max(9_000).default(5_000),
  /** /realtime/v1: sockets one address may hold open on an instance before any of them joined as a user (then 429 at the upgrade). */
  REALTIME_ANONYMOUS_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** /realtime/v1: sockets one account may hold channels on, per instance (a join on one more is refused). */
  REALTIME_SOCKETS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(50),
  /** /realtime/v1: an api instance unseen this long is dead and its presence is purged by the others. */
  REALTIME_INSTANCE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(15_000),
});

export type AppConfig = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'METRICS_PORT' | 'METRICS_HOST'> & {
  PUBLIC_URL: string;
  /** null: no metrics listener. */
  METRICS_PORT: number | null;
  METRICS_HOST: string;
};

export class ConfigError extends Error {}

/** Reads and validates settings; a missing or malformed one stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      const missing = issue.code === 'invalid_type' && (env[key] === undefined || env[key] === '');
      return `  ${key}: ${missing ? 'is required' : issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  if (config.MEDIA_SIGNED_URLS && !config.S3_BUCKET)
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_SIGNED_URLS: needs S3_BUCKET (local disk has no signed URLs)',
    );
  if (config.AUTH_AUTOCONFIRM && config.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_AUTOCONFIRM: is for test runs only, never with NODE_ENV=production',
    );
  const production = config.NODE_ENV === 'production';
  // Defaults and examples keep development and tests running; in production each must be a real secret.
  const weak = production ? productionSecretProblems(env, APP_SECRETS) : [];
  if (weak.length > 0) throw new ConfigError(`Invalid configuration:\n${weak.map((line) => `  ${line}`).join('\n')}`);
  return {
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    METRICS_PORT: config.METRICS_PORT ?? (production ? 9464 : null),
    METRICS_HOST: config.METRICS_HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
