import { describe, expect, it } from '@jest/globals';
import { nextPayout, payoutDayFor } from './next-payout.js';

const today = new Date('2034-03-10T12:00:00Z');

describe('payoutDayFor', () => {
  it('is the last calendar day of the month the earnings become payable in', () => {
    expect(payoutDayFor('2034-03-31')).toBe('2034-03-31');
    expect(payoutDayFor('2034-04-01')).toBe('2034-04-30');
    expect(payoutDayFor('2036-02-10')).toBe('2036-02-29');
  });
});

describe('nextPayout', () => {
  it('is this month-end when the current balance is positive', () => {
    expect(nextPayout({ today, currentMinor: 500, pending: [], closedThisMonth: false })).toEqual({
      on: '2034-03-31',
      amountMinor: 500,
    });
  });

  it('adds the pending earnings payable by that month-end, not the later ones', () => {
    const pending = [
      { releaseOn: '2034-03-20', amountMinor: 750 },
      { releaseOn: '2034-04-02', amountMinor: 900 },
    ];
    expect(nextPayout({ today, currentMinor: 0, pending, closedThisMonth: false })).toEqual({
      on: '2034-03-31',
      amountMinor: 750,
    });
  });

  it('skips a month-end that pays nothing: a 21-day hold into next month pays at next month-end', () => {
    const pending = [{ releaseOn: '2034-04-01', amountMinor: 750 }];
    expect(nextPayout({ today, currentMinor: 0, pending, closedThisMonth: false })).toEqual({
      on: '2034-04-30',
      amountMinor: 750,
    });
  });

  it('waits until pending earnings outweigh a chargeback debt', () => {
    const pending = [
      { releaseOn: '2034-03-25', amountMinor: 1000 },
      { releaseOn: '2034-05-02', amountMinor: 3000 },
    ];
    expect(nextPayout({ today, currentMinor: -1500, pending, closedThisMonth: false })).toEqual({
      on: '2034-05-31',
      amountMinor: 2500,
    });
  });

  it('is null when nothing will be paid', () => {
    expect(nextPayout({ today, currentMinor: 0, pending: [], closedThisMonth: false })).toBeNull();
    expect(
      nextPayout({
        today,
        currentMinor: -3000,
        pending: [{ releaseOn: '2034-03-31', amountMinor: 1500 }],
        closedThisMonth: false,
      }),
    ).toBeNull();
  });

  it('looks past this month once its close has run', () => {
    const lastDay = new Date('2034-03-31T23:30:00Z');
    expect(nextPayout({ today: lastDay, currentMinor: 200, pending: [], closedThisMonth: true })).toEqual({
      on: '2034-04-30',
      amountMinor: 200,
    });
    expect(
      nextPayout({ today: new Date('2034-12-31T23:30:00Z'), currentMinor: 200, pending: [], closedThisMonth: true }),
    ).toEqual({ on: '2035-01-31', amountMinor: 200 });
  });

  it('counts earnings whose day has passed but that the close has not released yet', () => {
    const pending = [{ releaseOn: '2034-03-01', amountMinor: 400 }];
    expect(nextPayout({ today, currentMinor: 0, pending, closedThisMonth: false })).toEqual({
      on: '2034-03-31',
      amountMinor: 400,
    });
  });
});
