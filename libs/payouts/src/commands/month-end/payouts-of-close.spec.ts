import { describe, expect, it } from '@jest/globals';
import { PayoutError } from '../../domain/payout.js';
import type { PayableBalance } from '../../ledger/ledger.repository.js';
import { payoutsOfClose } from './payouts-of-close.js';

const close = {
  runId: '0190a000-0000-4000-8000-00000000000a',
  batchNo: 3,
  period: '2034-03',
  now: new Date('2034-03-31T23:00:00Z'),
};
let ids = 0;
const newId = () => `0190a000-0000-7000-8000-${String(++ids).padStart(12, '0')}`;

const payable = (over: Partial<PayableBalance> = {}): PayableBalance => ({
  payeeId: '0190a000-0000-4000-8000-0000000000b1',
  accountId: '41',
  currency: 'EUR',
  currentMinor: 0,
  releasedMinor: 7500,
  releasedThrough: '2034-03-31',
  payoutMinor: 7500,
  method: 'crypto',
  destination: 'solana 4Nd1…DB4T',
  ...over,
});

const codeOf = (work: () => unknown) => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof PayoutError ? error.code : String(error);
  }
};

describe("a batch's close", () => {
  it('owes one pending payout per payee of the batch, for what the close released', () => {
    const second = payable({
      payeeId: '0190a000-0000-4000-8000-0000000000b2',
      accountId: '42',
      releasedMinor: 900,
      payoutMinor: 900,
    });
    const payouts = payoutsOfClose([payable(), second], { ...close, newId });
    expect(payouts.map((payout) => payout.snapshot())).toMatchObject([
      {
        runId: close.runId,
        batchNo: 3,
        accountId: '41',
        period: '2034-03',
        amountMinor: 7500,
        status: 'pending',
        createdAt: close.now,
      },
      { accountId: '42', amountMinor: 900, status: 'pending' },
    ]);
    expect(new Set(payouts.map((payout) => payout.id)).size).toBe(2);
  });

  it('pays a held payee once the hold is over: the released earnings and the current balance together', () => {
    const held = payable({ currentMinor: 300, releasedMinor: 1200, releasedThrough: '2034-03-22', payoutMinor: 1500 });
    const [payout] = payoutsOfClose([held], { ...close, newId });
    expect(payout.amountMinor).toBe(1500);
  });

  it('takes a chargeback debt off the payout', () => {
    const [payout] = payoutsOfClose([payable({ currentMinor: -2000, releasedMinor: 7500, payoutMinor: 5500 })], {
      ...close,
      newId,
    });
    expect(payout.amountMinor).toBe(5500);
  });

  it('refuses earnings still on hold at the cutoff, and a total the ledger did not move', () => {
    expect(codeOf(() => payoutsOfClose([payable({ releasedThrough: '2034-04-02' })], { ...close, newId }))).toBe(
      'payout_line_on_hold',
    );
    expect(codeOf(() => payoutsOfClose([payable({ payoutMinor: 7000 })], { ...close, newId }))).toBe(
      'payout_total_mismatch',
    );
  });

  it('owes nothing for a batch where nobody is due', () => {
    expect(payoutsOfClose([], { ...close, newId })).toEqual([]);
  });
});
