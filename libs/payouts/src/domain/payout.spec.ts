import { describe, expect, it } from '@jest/globals';
import { Payout, PayoutError, type NewPayout, type PayoutLine } from './payout.js';

const account = '41';
const at = new Date('2034-03-31T23:00:00Z');
const current = (amountMinor: number): PayoutLine => ({
  accountId: account,
  source: 'current',
  releaseOn: null,
  amountMinor,
});
const released = (amountMinor: number, releaseOn = '2034-03-31'): PayoutLine => ({
  accountId: account,
  source: 'released',
  releaseOn,
  amountMinor,
});

const draft = (over: Partial<NewPayout> = {}): NewPayout => ({
  id: '0190a000-0000-7000-8000-000000000001',
  runId: '0190a000-0000-4000-8000-00000000000a',
  batchNo: 1,
  payeeId: '0190a000-0000-4000-8000-0000000000b1',
  accountId: account,
  period: '2034-03',
  currency: 'EUR',
  method: { kind: 'crypto', destination: 'solana 4Nd1…DB4T' },
  lines: [current(500), released(1500)],
  createdAt: at,
  ...over,
});

const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof PayoutError) return error.code;
    throw error;
  }
};

describe('Payout.schedule', () => {
  it('pays the sum of its lines, pending, not stored yet', () => {
    const payout = Payout.schedule(draft());
    expect(payout.amountMinor).toBe(2000);
    expect(payout.status).toBe('pending');
    expect(payout.storedStatus).toBeNull();
    expect(payout.snapshot()).toMatchObject({
      method: 'crypto',
      destination: 'solana 4Nd1…DB4T',
      submittedAt: null,
      paidAt: null,
    });
  });

  it('nets a chargeback debt on the current balance against what the close released', () => {
    expect(Payout.schedule(draft({ lines: [current(-700), released(1000)] })).amountMinor).toBe(300);
  });

  it('refuses to pay a balance that is zero or negative', () => {
    expect(codeOf(() => Payout.schedule(draft({ lines: [current(-1000), released(1000)] })))).toBe(
      'payout_not_positive',
    );
    expect(codeOf(() => Payout.schedule(draft({ lines: [current(-1000), released(200)] })))).toBe(
      'payout_not_positive',
    );
    expect(codeOf(() => Payout.schedule(draft({ lines: [] })))).toBe('payout_not_positive');
  });

  it('respects holds: earnings released after the period’s last day are not in its payout', () => {
    expect(codeOf(() => Payout.schedule(draft({ lines: [released(900, '2034-04-01')] })))).toBe('payout_line_on_hold');
    expect(codeOf(() => Payout.schedule(draft({ lines: [{ ...released(900), releaseOn: null }] })))).toBe(
      'payout_line_on_hold',
    );
    expect(Payout.schedule(draft({ lines: [released(900, '2034-03-31')] })).amountMinor).toBe(900);
  });

  it('keeps a line to one payout: another account’s line, or the same line twice, is refused', () => {
    expect(codeOf(() => Payout.schedule(draft({ lines: [{ ...current(100), accountId: '42' }] })))).toBe(
      'payout_line_elsewhere',
    );
    expect(codeOf(() => Payout.schedule(draft({ lines: [released(100), released(200)] })))).toBe('payout_line_twice');
  });

  it('needs a payout method, whole minor units and a period', () => {
    expect(codeOf(() => Payout.schedule(draft({ method: null })))).toBe('payout_no_method');
    expect(codeOf(() => Payout.schedule(draft({ lines: [current(10.5)] })))).toBe('payout_bad_amount');
    expect(codeOf(() => Payout.schedule(draft({ period: '2034-13' })))).toBe('payout_bad_period');
  });
});

describe('Payout.isDue', () => {
  it('is due for a positive sum to a payee with a method, and only then', () => {
    expect(Payout.isDue(draft())).toBe(true);
    expect(Payout.isDue(draft({ method: null }))).toBe(false);
    expect(Payout.isDue(draft({ lines: [current(-5)] }))).toBe(false);
  });
});

describe('Payout.apply', () => {
  const later = new Date('2034-04-01T06:00:00Z');

  it('settles: paid with the provider reference, submitted and paid at that time', () => {
    const payout = Payout.schedule(draft());
    payout.apply({ status: 'paid', reference: 'po_1' }, later);
    expect(payout.snapshot()).toMatchObject({
      status: 'paid',
      providerRef: 'po_1',
      submittedAt: later,
      paidAt: later,
      failureReason: null,
    });
  });

  it('fails with the reason, and nothing is paid', () => {
    const payout = Payout.schedule(draft());
    payout.apply({ status: 'failed', reason: 'bank rejected' }, later);
    expect(payout.snapshot()).toMatchObject({
      status: 'failed',
      failureReason: 'bank rejected',
      submittedAt: later,
      paidAt: null,
    });
  });

  it('goes from submitted to paid, keeping when it was submitted', () => {
    const payout = Payout.schedule(draft());
    payout.apply({ status: 'submitted', reference: 'po_2' }, at);
    payout.apply({ status: 'paid', reference: 'po_2' }, later);
    expect(payout.snapshot()).toMatchObject({ status: 'paid', submittedAt: at, paidAt: later });
  });

  it('never moves a payout that is paid or failed, nor back to submitted', () => {
    const paid = Payout.schedule(draft());
    paid.apply({ status: 'paid', reference: 'po_3' }, later);
    expect(codeOf(() => paid.apply({ status: 'failed', reason: 'late' }, later))).toBe('payout_transition');
    expect(codeOf(() => paid.apply({ status: 'paid', reference: 'po_3' }, later))).toBe('payout_transition');
    const failed = Payout.schedule(draft());
    failed.apply({ status: 'failed', reason: 'closed account' }, later);
    expect(codeOf(() => failed.apply({ status: 'submitted', reference: 'po_4' }, later))).toBe('payout_transition');
    const submitted = Payout.schedule(draft());
    submitted.apply({ status: 'submitted', reference: 'po_5' }, later);
    expect(codeOf(() => submitted.apply({ status: 'submitted', reference: 'po_5' }, later))).toBe('payout_transition');
  });

  it('remembers the status it was stored with until the repository stores the new one', () => {
    const payout = Payout.restore({ ...Payout.schedule(draft()).snapshot(), status: 'pending' });
    payout.apply({ status: 'paid', reference: 'po_6' }, later);
    expect(payout.storedStatus).toBe('pending');
    payout.markStored();
    expect(payout.storedStatus).toBe('paid');
  });
});
