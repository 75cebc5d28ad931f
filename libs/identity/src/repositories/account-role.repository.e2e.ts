import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  authClient,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';
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
    const email = uniqueEmail('roles');
    const { data, error } = await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    if (error || !data.user) throw error ?? new Error('no user');
    return { id: data.user.id, email };
  },
});
