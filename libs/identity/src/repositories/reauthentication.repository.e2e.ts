import { afterAll, beforeAll } from '@jest/globals';
import bcrypt from 'bcrypt';
import { MikroORM } from '@mikro-orm/postgresql';
import { autoconfirmedAccount, startTestPlatform, type TestPlatform } from '#app/testing';
import { Session } from '../entities/session.entity.js';
import { reauthenticationRepositoryContract } from '../testing/reauthentication-repository.contract.js';
import { PostgresReauthenticationRepository } from './postgres-reauthentication.repository.js';

let platform: TestPlatform;
let repository: PostgresReauthenticationRepository;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false, env: { AUTH_AUTOCONFIRM: 'true' } });
  repository = new PostgresReauthenticationRepository(platform.api.get(MikroORM));
});

afterAll(async () => {
  await platform?.close();
});

reauthenticationRepositoryContract('PostgreSQL', {
  repository: () => repository,
  /** An account signed up (confirmed at once: AUTH_AUTOCONFIRM) with the session sign-up opened. */
  newAccount: async () => {
    const { id, sessionId, password } = await autoconfirmedAccount(platform, 'reauth');
    return { userId: id, sessionId, password };
  },
  authenticatedAt: async (sessionId) =>
    (await platform.api.get(MikroORM).em.fork().findOneOrFail(Session, sessionId)).authenticatedAt,
  matches: (password, hash) => bcrypt.compare(password, hash),
});
