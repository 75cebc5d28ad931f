import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { runMain } from '#app/platform';
import { SeedAccountsCommand, type SeedAccount } from '#app/identity';
import { AppModule } from './app.module.js';
import { ORM_SETUP } from './composition.js';

/** The demo accounts `npm start` prints; fixed so a README and a demo can name them. */
export const DEMO_ACCOUNTS: SeedAccount[] = [
  { role: 'fan', email: 'fan@fanmint.local', password: 'Fan-demo-2026!' },
  { role: 'creator', email: 'creator@fanmint.local', password: 'Creator-demo-2026!' },
  { role: 'moderator', email: 'moderator@fanmint.local', password: 'Moderator-demo-2026!' },
  { role: 'admin', email: 'admin@fanmint.local', password: 'Admin-demo-2026!' },
];

await runMain('seed', async (config) => {
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, orm: ORM_SETUP }), { logger: ['error'] });
  const accounts = await app.get(CommandBus).execute(new SeedAccountsCommand(DEMO_ACCOUNTS));
  await app.close();
  process.stdout.write(`${JSON.stringify(accounts)}\n`);
});
