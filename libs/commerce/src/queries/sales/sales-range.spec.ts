import { describe, expect, it } from '@jest/globals';
import { daysBetween, salesRange } from './sales-range.js';

describe('sales date range', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  it('defaults to the last 30 days up to today', () => {
    expect(salesRange(now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(daysBetween('2026-10-24', '2026-11-22')).toHaveLength(30);
  });

  it('refuses bad dates, a reversed range and more than a year', () => {
    expect(() => salesRange(now, '2026-02-30')).toThrow(/from must be a date/);
    expect(() => salesRange(now, '2026-11-23', '2026-11-22')).toThrow(/on or before/);
    expect(() => salesRange(now, '2024-01-01', '2026-01-01')).toThrow(/at most 366 days/);
  });

  it('refuses a `to` that is no date, also without `from` (no RangeError: a 400, not a 500)', () => {
    for (const to of ['0', '-1', '', '1e309', '2026-11-22T00:00:00Z', '99999-01-01']) {
      expect(() => salesRange(now, undefined, to)).toThrow(/to must be a date/);
    }
  });
});
