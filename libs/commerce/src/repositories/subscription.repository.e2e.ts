import { afterAll, beforeAll } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  callApi,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  type StaffSession,
  type TestPlatform,
} from '#app/testing';
import { subscriptionRepositoryContract } from '../testing/subscription-repository.contract.js';
import { SubscriptionRepository } from './subscription.repository.js';

let platform: TestPlatform;
let moderator: StaffSession;
const owners = new Map<string, string>();

beforeAll(async () => {
  platform = await startTestPlatform({
    acquirer: false,
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'fanmint-subscriptions-')) },
  });
  moderator = await staffSession(platform, 'moderator');
});

afterAll(async () => {
  await platform?.drain(30_000);
  await platform?.close();
});

async function expectStatus(response: { status: number; text: string }, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
}

/** A store opened the way a creator opens one, selling subscriptions. */
async function newStore() {
  const creator = await verifiedCreator(platform, { moderator });
  const name = 'Contract Shop';
  const opening = { slug: `contract-${randomBytes(4).toString('hex')}`, displayName: name };
  await expectStatus(await callApi(platform, 'POST', '/api/stores', creator.token, opening), 201, 'open store');
  const settings = { access: { subscriptionEnabled: true, subscriptionPriceMinor: 999 } };
  await expectStatus(
    await callApi(platform, 'PATCH', '/api/stores/mine', creator.token, settings),
    200,
    'store settings',
  );
  const mine = await callApi(platform, 'GET', '/api/stores/mine', creator.token);
  const storeId = (mine.body as { id: string }).id;
  owners.set(storeId, creator.token);
  return { storeId, creatorId: creator.userId, name };
}

async function stopSelling(storeId: string): Promise<void> {
  const settings = { access: { subscriptionEnabled: false } };
  await expectStatus(
    await callApi(platform, 'PATCH', '/api/stores/mine', owners.get(storeId)!, settings),
    200,
    'store settings',
  );
}

subscriptionRepositoryContract('PostgreSQL', {
  repository: () => platform.api.get(SubscriptionRepository),
  newStore,
  stopSelling,
});
