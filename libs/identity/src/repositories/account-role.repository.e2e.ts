import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { autoconfirmedAccount, startTestPlatform, type TestPlatform } from '#app/testing';
import { accountRoleRepositoryContract } from '../testing/account-role-repository.contract.js';
import { PostgresAccountRoleRepository } from './postgres-account-role.repository.js';

let platform: TestPlatform;
let repository: PostgresAccountRoleRepository;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false, env: { AUTH_AUTOCONFIRM: 'true' } });
  repository = new PostgresAccountRoleRepository(platform.api.get(MikroORM));
});

afterAll(async () => {
  await platform?.close();
});

accountRoleRepositoryContract('PostgreSQL', {
  repository: () => repository,
  /** An account signed up the way a fan signs up (confirmed at once: AUTH_AUTOCONFIRM). */
  newAccount: async () => {
    const { id, email } = await autoconfirmedAccount(platform, 'roles');
    return { id, email };
  },
});
