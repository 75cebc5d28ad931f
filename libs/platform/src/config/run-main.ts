import { ConfigError, loadConfig, type AppConfig } from './app-config.js';

/**
 * Entry-point wrapper: reads the configuration and runs `main`; a bad setting or a failed start
 * ends the process with a one-line reason instead of a stack trace.
 */
export async function runMain(name: string, main: (config: AppConfig) => Promise<unknown>): Promise<void> {
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
