import { beforeEach } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { emptyCatalog, InMemoryPurchaseRepository } from './in-memory-purchase.repository.js';
import { purchaseRepositoryContract, type PurchaseRepositoryWorld } from './purchase.repository.contract.js';

let world: PurchaseRepositoryWorld;

beforeEach(() => {
  const store = { id: randomUUID(), slug: 'contract-shop', displayName: 'Contract Shop', ownerId: randomUUID() };
  const catalog = emptyCatalog();
  catalog.stores.push({ ...store, referralsEnabled: true, active: true, visibility: 'public' });
  world = {
    repository: new InMemoryPurchaseRepository(catalog),
    buyerId: randomUUID(),
    otherBuyerId: randomUUID(),
    store,
  };
});

purchaseRepositoryContract('in memory', () => world);
