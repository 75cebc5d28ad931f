import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import {
  callApi,
  signedInUser,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  type TestPlatform,
} from '#app/testing';
import { PurchaseRepository } from './purchase.repository.js';
import { purchaseRepositoryContract, type PurchaseRepositoryWorld } from './purchase.repository.contract.js';

let platform: TestPlatform;
let world: PurchaseRepositoryWorld;

// The rows the contract needs besides purchases come the way users make them: accounts, a verified creator's store.
beforeAll(async () => {
  platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live' } });
  const creator = await verifiedCreator(platform, { moderator: await staffSession(platform, 'moderator') });
  const slug = `contract-${randomBytes(3).toString('hex')}`;
  const opened = await callApi(platform, 'POST', '/api/stores', creator.token, { slug, displayName: 'Contract Shop' });
  if (opened.status !== 201) throw new Error(`open store: ${opened.status} ${opened.text}`);
  const [store] = await platform.api
    .get(MikroORM)
    .em.fork()
    .execute<{ id: string }[]>(`select id from stores where slug = ?`, [slug]);
  const [buyer, other] = [await signedInUser(platform), await signedInUser(platform)];
  world = {
    repository: platform.api.get(PurchaseRepository),
    buyerId: buyer.session.user.id,
    otherBuyerId: other.session.user.id,
    store: { id: store.id, slug, displayName: 'Contract Shop', ownerId: creator.userId },
  };
}, 180_000);

afterAll(async () => {
  await platform?.drain(30_000);
  await platform?.close();
});

purchaseRepositoryContract('PostgreSQL', () => world);
