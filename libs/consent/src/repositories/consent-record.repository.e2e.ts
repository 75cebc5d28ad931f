import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import { consentRecordRepositoryContract } from '../testing/consent-record-repository.contract.js';
import { PostgresConsentRecordRepository } from './postgres-consent-record.repository.js';

let platform: TestPlatform;
let repository: PostgresConsentRecordRepository;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false, acquirer: false });
  repository = new PostgresConsentRecordRepository(platform.api.get(MikroORM));
});

afterAll(async () => {
  await platform?.close();
});

consentRecordRepositoryContract('PostgreSQL', () => repository);
