import { InMemoryPayoutRepository } from './in-memory-payout.repository.js';
import { payoutRepositoryContract } from './payout.repository.contract.js';
import { IN_MEMORY } from './tx.js';

payoutRepositoryContract('in memory', () => ({
  repository: new InMemoryPayoutRepository(),
  transaction: (work) => work(IN_MEMORY),
}));
