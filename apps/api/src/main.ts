import { runMain } from '#app/platform';
import { createApiApp } from './create-app.js';

await runMain('api', async (config) => {
  const app = await createApiApp(config);
  await app.listen(config.PORT, '0.0.0.0');
});
