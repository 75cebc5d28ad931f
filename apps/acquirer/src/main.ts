import { AcquirerConfigError, createAcquirer, loadAcquirerConfig } from '#app/sandbox-acquirer';

let config;
try {
  config = loadAcquirerConfig();
} catch (error) {
  if (!(error instanceof AcquirerConfigError)) throw error;
  process.stderr.write(`acquirer: ${error.message}\n`);
  process.exit(78);
}

try {
  const acquirer = await createAcquirer(config);
  await acquirer.listen();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'info', service: 'acquirer', msg: `${signal} received, stopping` })}\n`,
    );
    void acquirer.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (error) {
  process.stderr.write(`acquirer failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
}
