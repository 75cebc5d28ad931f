import { randomUUID } from 'node:crypto';
import { accountRoleRepositoryContract } from './account-role-repository.contract.js';
import { InMemoryAccountRoleRepository } from './in-memory-account-role.repository.js';

const repository = new InMemoryAccountRoleRepository();

accountRoleRepositoryContract('in memory', {
  repository: () => repository,
  newAccount: async () => repository.addAccount(randomUUID()),
});
