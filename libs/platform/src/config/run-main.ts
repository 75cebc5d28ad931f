import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig, type AppConfig } from './app-config.js';

/**
 * Short-lived Buffers (request bodies streamed to disk, media read by the worker) are freed by
 * cheap scavenges, not by full mark-compacts. Since Node 24 (V8 13.6) the young-generation trigger
 * for ArrayBuffer memory sits above the 64 MB external-memory limit that starts a full GC, so
 * every ~64 MB of upload marked the whole heap: the api spent ~6 of its ~7.7 s of CPU per GiB
 * uploaded in GC (nodejs/node#61967, #63863). Counting external memory in the global limit, as
 * later V8 does by default, restores scavenges (bench/RESULTS.md, "Moderation and uploads").
 * Read by V8 when it next sizes its limits, so setting it at start-up is enough.
 */
export const V8_HEAP_FLAGS = ['--external-memory-accounted-in-global-limit'] as const;

/**
 * Entry-point wrapper: reads the configuration and runs `main`; a bad setting or a failed start
 * ends the process with a one-line reason instead of a stack trace.
 */
export async function runMain(name: string, main: (config: AppConfig) => Promise<unknown>): Promise<void> {
  for (const flag of V8_HEAP_FLAGS) setFlagsFromString(flag);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(78);
  }
  try {
    await main(config);
  } catch (error) {
    process.stderr.write(`${name} failed to start: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
}
