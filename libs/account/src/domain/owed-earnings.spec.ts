import { describe, expect, it } from '@jest/globals';
import { owedEarnings } from './owed-earnings.js';

describe('owedEarnings', () => {
  it('adds pending and current per currency and keeps only what is owed', () => {
    expect(
      owedEarnings([
        { currency: 'EUR', pendingMinor: 500, currentMinor: 250 },
        { currency: 'USD', pendingMinor: 0, currentMinor: 0 },
        { currency: 'GBP', pendingMinor: 300, currentMinor: -400 },
      ]),
    ).toEqual([{ currency: 'EUR', minor: 750 }]);
  });

  it('owes nothing to an account with no balances', () => {
    expect(owedEarnings([])).toEqual([]);
  });
});
