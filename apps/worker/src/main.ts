import { startTracing } from '#tracing';

// Instrumentations patch http, pg and ioredis as they load: start tracing before the worker is imported.
await startTracing('fanmint-worker');
const { MetricsServer, runMain } = await import('#app/platform');
const { createWorker } = await import('#app/composition');

await runMain('worker', async (config) => {
  const worker = await createWorker(config);
  await worker.get(MetricsServer).start();
  return worker;
});
