import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { runMain } from '#app/platform';
import { AppModule, ORM_SETUP } from '#app/composition';
import { seedDemoMarketplace } from '#app/demo';

/**
 * `npm start`, once the api and the worker answer: the demo marketplace (live phase only; nothing
 * before launch). Prints one JSON line, `{"marketplace": {storeSlug, storeUrl} | null}`.
 */
await runMain('seed-marketplace', async (config) => {
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, orm: ORM_SETUP }), {
    logger: ['error'],
  });
  try {
    const marketplace = await seedDemoMarketplace(app);
    process.stdout.write(`${JSON.stringify({ marketplace })}\n`);
  } finally {
    await app.close();
  }
});
