import { afterAll, beforeAll } from '@jest/globals';
import bcrypt from 'bcrypt';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  authClient,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';
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
    const { data, error } = await authClient(platform.baseUrl).signUp({
      email: uniqueEmail('reauth'),
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    if (error || !data.session) throw error ?? new Error('no session (is AUTH_AUTOCONFIRM on?)');
    const claims = JSON.parse(Buffer.from(data.session.access_token.split('.')[1], 'base64url').toString()) as {
      session_id: string;
    };
    return { userId: data.session.user.id, sessionId: claims.session_id, password: STRONG_PASSWORD };
  },
  authenticatedAt: async (sessionId) =>
    (await platform.api.get(MikroORM).em.fork().findOneOrFail(Session, sessionId)).authenticatedAt,
  matches: (password, hash) => bcrypt.compare(password, hash),
});
