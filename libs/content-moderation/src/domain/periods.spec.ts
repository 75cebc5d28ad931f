import { monthlyReportDueBy, previousMonth, previousQuarter } from './periods.js';

describe('reporting periods', () => {
  it('finds the previous month, across a year end', () => {
    expect(previousMonth(new Date('2026-11-01T00:05:00Z'))).toEqual({
      kind: 'monthly',
      label: '2026-10',
      start: new Date('2026-10-01T00:00:00Z'),
      end: new Date('2026-11-01T00:00:00Z'),
    });
    expect(previousMonth(new Date('2027-01-03T12:00:00Z')).label).toBe('2026-12');
    expect(monthlyReportDueBy(previousMonth(new Date('2027-01-03T12:00:00Z')))).toEqual(
      new Date('2027-01-05T00:00:00Z'),
    );
  });

  it('finds the previous quarter, across a year end', () => {
    expect(previousQuarter(new Date('2026-11-22T00:00:00Z'))).toMatchObject({
      label: '2026-Q3',
      start: new Date('2026-07-01T00:00:00Z'),
      end: new Date('2026-10-01T00:00:00Z'),
    });
    expect(previousQuarter(new Date('2027-02-10T00:00:00Z'))).toMatchObject({
      label: '2026-Q4',
      start: new Date('2026-10-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(previousQuarter(new Date('2026-04-01T00:00:00Z')).label).toBe('2026-Q1');
  });
});
