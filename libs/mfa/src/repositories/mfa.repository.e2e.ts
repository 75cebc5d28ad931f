import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import { mfaRepositoryContract } from '../testing/mfa-repository.contract.js';
import { PostgresMfaRepository } from './postgres-mfa.repository.js';

let platform: TestPlatform;
let repository: PostgresMfaRepository;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false });
  repository = new PostgresMfaRepository(platform.api.get(MikroORM));
});

afterAll(async () => {
  await platform?.close();
});

mfaRepositoryContract('PostgreSQL', () => repository);
