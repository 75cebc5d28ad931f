import { loadConfig } from '#app/platform';
import { createApiApp } from './create-app.js';

const config = loadConfig();
const app = await createApiApp(config);
await app.listen({ port: config.PORT, host: '0.0.0.0' });
