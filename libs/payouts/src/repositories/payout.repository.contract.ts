import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Payout } from '../domain/payout.js';
import type { PayoutRepository } from './payout.repository.js';
import type { Tx } from './tx.js';

export interface PayoutRepositoryFixture {
  repository: PayoutRepository;
  /** Runs `work` in one transaction of the adapter. */
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
}

const createdAt = new Date('2034-03-31T23:00:00.000Z');
const later = new Date('2034-04-01T06:00:00.000Z');
let nextAccount = Math.floor(Math.random() * 1_000_000_000);

function newPayout(over: {
  runId: string;
  batchNo?: number;
  accountId?: string;
  amountMinor?: number;
  period?: string;
}): Payout {
  const accountId = over.accountId ?? String(nextAccount++);
  return Payout.schedule({
    id: randomUUID(),
    runId: over.runId,
    batchNo: over.batchNo ?? 1,
    payeeId: randomUUID(),
    accountId,
    period: over.period ?? '2034-03',
    currency: 'EUR',
    method: { kind: 'bank', destination: 'IBAN ••1234' },
    lines: [{ accountId, source: 'released', releaseOn: '2034-03-31', amountMinor: over.amountMinor ?? 1200 }],
    createdAt,
  });
}

/** What every payout repository does, whatever keeps the rows: run against the PostgreSQL and the in-memory adapters. */
export function payoutRepositoryContract(adapter: string, fixture: () => PayoutRepositoryFixture): void {
  describe(`the payout repository (${adapter})`, () => {
    it('stores new payouts and reads them back as they were', async () => {
      const { repository, transaction } = fixture();
      const runId = randomUUID();
      const payouts = [newPayout({ runId }), newPayout({ runId, amountMinor: 300 })];
      expect(await transaction((tx) => repository.addAll(tx, payouts))).toBe(2);
      expect(payouts.map((payout) => payout.storedStatus)).toEqual(['pending', 'pending']);
      const read = await transaction((tx) => repository.byId(tx, payouts[1].id));
      expect(read?.snapshot()).toEqual(payouts[1].snapshot());
      expect(read?.storedStatus).toBe('pending');
      expect(await transaction((tx) => repository.byId(tx, randomUUID()))).toBeNull();
    });

    it('keeps one payout per account and period: a rerun of a close adds nothing', async () => {
      const { repository, transaction } = fixture();
      const first = newPayout({ runId: randomUUID(), amountMinor: 1000 });
      const again = newPayout({ runId: randomUUID(), accountId: first.snapshot().accountId, amountMinor: 9999 });
      const nextMonth = newPayout({ runId: randomUUID(), accountId: first.snapshot().accountId, period: '2034-04' });
      expect(await transaction((tx) => repository.addAll(tx, [first]))).toBe(1);
      expect(await transaction((tx) => repository.addAll(tx, [again, nextMonth]))).toBe(1);
      expect(again.storedStatus).toBeNull();
      expect(nextMonth.storedStatus).toBe('pending');
      expect(await transaction((tx) => repository.byId(tx, again.id))).toBeNull();
      expect((await transaction((tx) => repository.byId(tx, first.id)))?.amountMinor).toBe(1000);
    });

    it('adds the rest of a batch when one of its payees already has the payout, and marks only those stored', async () => {
      const { repository, transaction } = fixture();
      const runId = randomUUID();
      const earlier = newPayout({ runId: randomUUID(), amountMinor: 500 });
      expect(await transaction((tx) => repository.addAll(tx, [earlier]))).toBe(1);
      const batch = [
        newPayout({ runId }),
        newPayout({ runId, accountId: earlier.snapshot().accountId }),
        newPayout({ runId }),
      ];
      expect(await transaction((tx) => repository.addAll(tx, batch))).toBe(2);
      expect(batch.map((payout) => payout.storedStatus)).toEqual(['pending', null, 'pending']);
      expect(await transaction((tx) => repository.byId(tx, batch[1].id))).toBeNull();
      expect((await transaction((tx) => repository.byId(tx, batch[2].id)))?.snapshot()).toEqual(batch[2].snapshot());
    });

    it('claims the pending payouts of one batch only, oldest id first', async () => {
      const { repository, transaction } = fixture();
      const runId = randomUUID();
      const mine = [newPayout({ runId, batchNo: 2 }), newPayout({ runId, batchNo: 2 })];
      const others = [newPayout({ runId, batchNo: 3 }), newPayout({ runId: randomUUID(), batchNo: 2 })];
      await transaction((tx) => repository.addAll(tx, [...others, ...mine.slice().reverse()]));
      const claimed = await transaction((tx) => repository.claimPending(tx, runId, 2));
      expect(claimed.map((payout) => payout.id)).toEqual(mine.map((payout) => payout.id).sort());
      expect(claimed.every((payout) => payout.storedStatus === 'pending')).toBe(true);
    });

    it('saves an outcome, after which the payout is no longer pending', async () => {
      const { repository, transaction } = fixture();
      const runId = randomUUID();
      const [settled, returned] = [newPayout({ runId }), newPayout({ runId })];
      await transaction((tx) => repository.addAll(tx, [settled, returned]));
      await transaction(async (tx) => {
        const claimed = await repository.claimPending(tx, runId, 1);
        const [a, b] = [claimed.find((p) => p.id === settled.id)!, claimed.find((p) => p.id === returned.id)!];
        a.apply({ status: 'paid', reference: 'po_1' }, later);
        b.apply({ status: 'failed', reason: 'account closed' }, later);
        expect([await repository.save(tx, a), await repository.save(tx, b)]).toEqual([true, true]);
      });
      expect(await transaction((tx) => repository.claimPending(tx, runId, 1))).toEqual([]);
      const stored = async (id: string) => (await transaction((tx) => repository.byId(tx, id)))?.snapshot();
      expect(await stored(settled.id)).toMatchObject({
        status: 'paid',
        providerRef: 'po_1',
        submittedAt: later,
        paidAt: later,
      });
      expect(await stored(returned.id)).toMatchObject({
        status: 'failed',
        failureReason: 'account closed',
        paidAt: null,
      });
    });

    it('refuses a save made on a state that has moved on (a payout dispatched twice is booked once)', async () => {
      const { repository, transaction } = fixture();
      const payout = newPayout({ runId: randomUUID() });
      await transaction((tx) => repository.addAll(tx, [payout]));
      const [first, second] = [
        await transaction((tx) => repository.byId(tx, payout.id)),
        await transaction((tx) => repository.byId(tx, payout.id)),
      ];
      first!.apply({ status: 'paid', reference: 'po_first' }, later);
      second!.apply({ status: 'failed', reason: 'second delivery' }, later);
      expect(await transaction((tx) => repository.save(tx, first!))).toBe(true);
      expect(await transaction((tx) => repository.save(tx, second!))).toBe(false);
      const stored = await transaction((tx) => repository.byId(tx, payout.id));
      expect(stored?.snapshot()).toMatchObject({ status: 'paid', providerRef: 'po_first', failureReason: null });
    });

    it('stores a new payout through save too, once', async () => {
      const { repository, transaction } = fixture();
      const payout = newPayout({ runId: randomUUID() });
      const twin = newPayout({ runId: randomUUID(), accountId: payout.snapshot().accountId });
      expect(await transaction((tx) => repository.save(tx, payout))).toBe(true);
      expect(await transaction((tx) => repository.save(tx, twin))).toBe(false);
    });
  });
}
