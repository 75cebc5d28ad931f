import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Payout } from '../../domain/payout.js';
import { InMemoryLedger } from '../../ledger/in-memory-ledger.js';
import { PayoutProvider, type PayoutInstruction, type PayoutOutcome } from '../../payout-provider/payout-provider.js';
import { InMemoryPayoutRepository } from '../../repositories/in-memory-payout.repository.js';
import { IN_MEMORY, InMemoryTransactions, type Tx } from '../../repositories/tx.js';
import { DispatchPayouts } from './dispatch-payouts.js';

/** The payout partner, answering as the test says; it records what it was asked to pay. */
class ScriptedProvider extends PayoutProvider {
  readonly asked: PayoutInstruction[][] = [];
  constructor(private readonly answer: (instruction: PayoutInstruction) => PayoutOutcome) {
    super();
  }

  async submit(_tx: Tx, payouts: PayoutInstruction[]): Promise<PayoutOutcome[]> {
    this.asked.push(payouts);
    return payouts.map(this.answer);
  }
}

const runId = randomUUID();
const now = new Date('2034-04-01T06:00:00Z');

/** A closed batch: each payout's amount sits in payouts in transit, taken from its payee's current balance. */
async function closedBatch(amounts: number[], answer: (instruction: PayoutInstruction) => PayoutOutcome) {
  const ledger = new InMemoryLedger();
  const payouts = new InMemoryPayoutRepository();
  const provider = new ScriptedProvider(answer);
  const scheduled: Payout[] = [];
  for (const amountMinor of amounts) {
    const payeeId = randomUUID();
    const accounts = await ledger.payeeAccounts(IN_MEMORY, payeeId, 'EUR');
    const accountId = String(accounts.pending);
    const payout = Payout.schedule({
      id: randomUUID(),
      runId,
      batchNo: 1,
      payeeId,
      accountId,
      period: '2034-03',
      currency: 'EUR',
      method: { kind: 'bank', destination: 'IBAN ••1234' },
      lines: [{ accountId, source: 'current', releaseOn: null, amountMinor }],
      createdAt: now,
    });
    const transit = await ledger.platformAccount(IN_MEMORY, 'payouts_in_transit', 'EUR');
    await ledger.post(
      IN_MEMORY,
      {
        idempotencyKey: `close:${payout.id}`,
        kind: 'month_end',
        payeeId,
        currency: 'EUR',
        description: 'close',
        occurredAt: now,
      },
      [
        { accountId: accounts.current, amountMinor: -amountMinor },
        { accountId: transit, amountMinor },
      ],
    );
    scheduled.push(payout);
  }
  await payouts.addAll(IN_MEMORY, scheduled);
  const dispatch = new DispatchPayouts(new InMemoryTransactions(), ledger, provider, payouts);
  const balance = async (kind: 'payouts_in_transit' | 'payouts_settled') =>
    ledger.balance(IN_MEMORY, await ledger.platformAccount(IN_MEMORY, kind, 'EUR'));
  const current = async (payout: Payout) =>
    ledger.balance(IN_MEMORY, (await ledger.payeeAccounts(IN_MEMORY, payout.snapshot().payeeId, 'EUR')).current);
  const stored = async (payout: Payout) => (await payouts.byId(IN_MEMORY, payout.id))!.snapshot();
  return { dispatch, provider, scheduled, balance, current, stored };
}

const paid = (instruction: PayoutInstruction): PayoutOutcome => ({
  payoutId: instruction.payoutId,
  status: 'paid',
  reference: `po_${instruction.payoutId.slice(0, 4)}`,
});
const failed = (instruction: PayoutInstruction): PayoutOutcome => ({
  payoutId: instruction.payoutId,
  status: 'failed',
  reason: 'account closed',
});

describe('DispatchPayouts', () => {
  it('pays: the money moves from in transit to settled, and the payout is paid', async () => {
    const batch = await closedBatch([1200, 800], paid);
    expect(await batch.dispatch.dispatch(runId, 1, now)).toEqual({ paid: 2, failed: 0 });
    expect(batch.provider.asked[0].map((instruction) => instruction.amountMinor).sort()).toEqual([1200, 800].sort());
    expect(await batch.balance('payouts_in_transit')).toBe(0);
    expect(await batch.balance('payouts_settled')).toBe(2000);
    expect(await batch.stored(batch.scheduled[0])).toMatchObject({ status: 'paid', submittedAt: now, paidAt: now });
  });

  it('fails: the money returns to the payee’s current balance, for the next run', async () => {
    const batch = await closedBatch([1500], failed);
    expect(await batch.dispatch.dispatch(runId, 1, now)).toEqual({ paid: 0, failed: 1 });
    expect(await batch.balance('payouts_in_transit')).toBe(0);
    expect(await batch.balance('payouts_settled')).toBe(0);
    expect(await batch.current(batch.scheduled[0])).toBe(0);
    expect(await batch.stored(batch.scheduled[0])).toMatchObject({
      status: 'failed',
      failureReason: 'account closed',
      paidAt: null,
    });
  });

  it('books each outcome on its own payout when some pay and some fail', async () => {
    const batch = await closedBatch([700, 300], (instruction) =>
      instruction.amountMinor === 300 ? failed(instruction) : paid(instruction),
    );
    expect(await batch.dispatch.dispatch(runId, 1, now)).toEqual({ paid: 1, failed: 1 });
    expect(await batch.balance('payouts_settled')).toBe(700);
    expect(await batch.current(batch.scheduled[1])).toBe(0);
    expect((await batch.stored(batch.scheduled[1])).status).toBe('failed');
  });

  it('leaves a submitted payout in transit until the provider settles it', async () => {
    const batch = await closedBatch([900], (instruction) => ({
      payoutId: instruction.payoutId,
      status: 'submitted',
      reference: 'po_wait',
    }));
    expect(await batch.dispatch.dispatch(runId, 1, now)).toEqual({ paid: 0, failed: 0 });
    expect(await batch.balance('payouts_in_transit')).toBe(900);
    expect(await batch.stored(batch.scheduled[0])).toMatchObject({
      status: 'submitted',
      providerRef: 'po_wait',
      submittedAt: now,
    });
  });

  it('submits and books a payout once when the job is delivered twice', async () => {
    const batch = await closedBatch([1000], paid);
    await batch.dispatch.dispatch(runId, 1, now);
    expect(await batch.dispatch.dispatch(runId, 1, now)).toEqual({ paid: 0, failed: 0 });
    expect(batch.provider.asked.map((asked) => asked.length)).toEqual([1, 0]);
    expect(await batch.balance('payouts_settled')).toBe(1000);
  });
});
