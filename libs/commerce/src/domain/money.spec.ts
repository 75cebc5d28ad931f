import { describe, expect, it } from '@jest/globals';
import { addCalendarMonth, formatMinor, maskBuyer, referralCommission } from './money.js';

describe('money', () => {
  it('formats minor units as decimals', () => {
    expect([formatMinor(1250), formatMinor(5), formatMinor(0), formatMinor(-1999), formatMinor(100000)]).toEqual([
      '12.50',
      '0.05',
      '0.00',
      '-19.99',
      '1000.00',
    ]);
  });

  it('adds one calendar month, clamped to the end of a shorter month', () => {
    expect(addCalendarMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addCalendarMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addCalendarMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addCalendarMonth(new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-31T23:59:00.000Z');
  });

  it('masks buyers and rounds the referral commission down', () => {
    expect(maskBuyer('0b6f1c3e-1111-4222-8333-44445a6b3f2a')).toBe('fan••3f2a');
    expect([referralCommission(1499, 5), referralCommission(19, 5), referralCommission(2000, 5)]).toEqual([74, 0, 100]);
  });
});
