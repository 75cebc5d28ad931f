import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import { messagingStoreContract } from './messaging-store.contract.js';
import { PostgresMessagingStore } from './postgres-messaging-store.js';

let platform: TestPlatform;
let store: PostgresMessagingStore;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false });
  store = new PostgresMessagingStore(platform.api.get(MikroORM));
});

afterAll(async () => {
  await platform?.close();
});

messagingStoreContract('PostgreSQL', () => store);
