import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestPlatform, type TestPlatform } from '#app/testing';
import { uuidV7 } from '#app/platform';
import { Payout } from '../domain/payout.js';
import { PostgresPayoutRepository } from './payout.repository.js';
import { payoutRepositoryContract } from './payout.repository.contract.js';

let platform: TestPlatform;
let orm: MikroORM;
const repository = new PostgresPayoutRepository();

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false });
  orm = platform.api.get(MikroORM);
});

afterAll(async () => {
  await platform?.close();
});

payoutRepositoryContract('PostgreSQL', () => ({
  repository,
  transaction: (work) => orm.em.fork().transactional((em) => work(em)),
}));

describe('the payout repository (PostgreSQL only)', () => {
  it('holds claimed payouts for the claiming transaction: a second dispatcher at the same time gets none', async () => {
    const runId = randomUUID();
    const accountId = String(Math.floor(Math.random() * 1_000_000_000));
    const payout = Payout.schedule({
      id: uuidV7(new Date()),
      runId,
      batchNo: 1,
      payeeId: randomUUID(),
      accountId,
      period: '2034-05',
      currency: 'EUR',
      method: { kind: 'crypto', destination: 'solana 4Nd1…DB4T' },
      lines: [{ accountId, source: 'current', releaseOn: null, amountMinor: 800 }],
      createdAt: new Date(),
    });
    await orm.em.fork().transactional((em) => repository.addAll(em, [payout]));
    await orm.em.fork().transactional(async (em) => {
      expect(await repository.claimPending(em, runId, 1)).toHaveLength(1);
      const meanwhile = await orm.em.fork().transactional((other) => repository.claimPending(other, runId, 1));
      expect(meanwhile).toEqual([]);
    });
  });
});
