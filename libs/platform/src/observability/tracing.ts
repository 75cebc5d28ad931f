import { register } from 'node:module';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/** The standard variables that ask for tracing; with none of them set nothing starts. */
const SWITCHES = [
  'OTEL_TRACES_EXPORTER',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_SERVICE_NAME',
];

export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' || env.OTEL_TRACES_EXPORTER?.trim() === 'none')
    return false;
  return SWITCHES.some((name) => (env[name] ?? '').trim() !== '');
}

/**
 * Starts OpenTelemetry tracing (http, express, pg, ioredis) when the standard OTEL_* variables ask
 * for it; everything else (exporter, endpoint, protocol, sampler) is read by the SDK from them.
 * Must run before the app's imports: instrumentations patch modules as they load. Without the
 * variables not even the SDK is loaded. Metrics stay with Prometheus and logs with pino unless
 * OTEL_METRICS_EXPORTER / OTEL_LOGS_EXPORTER say otherwise.
 */
export async function startTracing(defaultServiceName: string): Promise<NodeSDK | null> {
  if (!tracingRequested()) return null;
  process.env.OTEL_SERVICE_NAME ||= defaultServiceName;
  process.env.OTEL_METRICS_EXPORTER ||= 'none';
  process.env.OTEL_LOGS_EXPORTER ||= 'none';
  // pg and ioredis are reached through ES-module imports: the loader hook lets them be patched.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { ExpressInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => request.url === '/health/live' || request.url === '/health/ready',
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  process.once('beforeExit', () => void sdk.shutdown().catch(() => undefined));
  return sdk;
}
