import { loadConfig } from '#app/platform';
import { createApiApp, openApiDocument } from '#app/composition';

/**
 * Prints the OpenAPI document without a database or mail server (nothing connects until a
 * request arrives); `npm run api:types` turns it into the web app's API types.
 */
const app = await createApiApp(
  loadConfig({
    DATABASE_URL: 'postgres://offline@127.0.0.1:1/offline',
    SMTP_URL: 'smtp://127.0.0.1:1',
    JWT_SECRET: 'offline'.repeat(6),
    LOG_LEVEL: 'silent',
  }),
);
process.stdout.write(`${JSON.stringify(openApiDocument(app), null, 2)}\n`);
await app.close();
