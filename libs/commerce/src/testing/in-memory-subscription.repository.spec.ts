import { randomUUID } from 'node:crypto';
import { InMemorySubscriptionRepository } from './in-memory-subscription.repository.js';
import { subscriptionRepositoryContract } from './subscription-repository.contract.js';

const repository = new InMemorySubscriptionRepository();

subscriptionRepositoryContract('in memory', {
  repository: () => repository,
  newStore: async () => {
    const store = { storeId: randomUUID(), creatorId: randomUUID(), name: 'Memory Shop' };
    repository.setStore(store.storeId, { name: store.name, sells: true });
    return store;
  },
  stopSelling: async (storeId) => repository.setStore(storeId, { name: 'Memory Shop', sells: false }),
});
