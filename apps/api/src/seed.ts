import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { runMain } from '#app/platform';
import { SeedAccountsCommand } from '#app/identity';
import { AppModule, ORM_SETUP } from '#app/composition';
import { DEMO_ACCOUNTS } from '#app/demo';

await runMain('seed', async (config) => {
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, orm: ORM_SETUP }), {
    logger: ['error'],
  });
  const accounts = await app.get(CommandBus).execute(new SeedAccountsCommand(DEMO_ACCOUNTS));
  await app.close();
  process.stdout.write(`${JSON.stringify(accounts)}\n`);
});
