import { startTracing } from '#tracing';

// Instrumentations patch http, express, pg and ioredis as they load: start tracing before the app is imported.
await startTracing('fanmint-api');
const { MetricsServer, runMain } = await import('#app/platform');
const { createApiApp } = await import('#app/composition');

await runMain('api', async (config) => {
  const app = await createApiApp(config);
  await app.get(MetricsServer).start();
  await app.listen(config.PORT, '0.0.0.0');
});
