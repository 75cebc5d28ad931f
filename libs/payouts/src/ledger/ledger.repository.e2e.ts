import { afterAll, beforeAll } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import { OrmTransactions } from '../repositories/orm-transactions.js';
import { Ledger } from './ledger.repository.js';
import { ledgerContract } from './ledger.contract.js';

let platform: TestPlatform;
let transactions: OrmTransactions;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false });
  transactions = new OrmTransactions(platform.api.get(MikroORM));
});

afterAll(async () => {
  await platform?.close();
});

ledgerContract('PostgreSQL', () => ({ ledger: new Ledger(), transaction: (work) => transactions.run(work) }));
