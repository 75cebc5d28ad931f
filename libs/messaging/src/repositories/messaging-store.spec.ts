import { InMemoryMessagingStore } from './in-memory-messaging-store.js';
import { messagingStoreContract } from './messaging-store.contract.js';

const store = new InMemoryMessagingStore();

messagingStoreContract('in memory', () => store);
