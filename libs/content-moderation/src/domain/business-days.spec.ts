import { addBusinessDays, deadlineStage, dueAt, isBusinessDay, warnAt } from './business-days.js';

const at = (iso: string) => new Date(iso);

describe('business days', () => {
  it('knows weekends (UTC)', () => {
    expect(isBusinessDay(at('2026-11-20T23:59:59Z'))).toBe(true); // Friday
    expect(isBusinessDay(at('2026-11-21T00:00:00Z'))).toBe(false); // Saturday
    expect(isBusinessDay(at('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
    expect(isBusinessDay(at('2026-11-23T00:00:00Z'))).toBe(true); // Monday
  });

  it('skips weekends when adding business days', () => {
    // Monday 10:00 + 7 business days = Wednesday of the next week, 10:00.
    expect(addBusinessDays(at('2026-11-23T10:00:00Z'), 7)).toEqual(at('2026-12-02T10:00:00Z'));
    // Friday 17:00 + 1 = Monday 17:00; + 5 = next Friday 17:00.
    expect(addBusinessDays(at('2026-11-20T17:00:00Z'), 1)).toEqual(at('2026-11-23T17:00:00Z'));
    expect(addBusinessDays(at('2026-11-20T17:00:00Z'), 5)).toEqual(at('2026-11-27T17:00:00Z'));
    expect(addBusinessDays(at('2026-11-23T10:00:00Z'), 0)).toEqual(at('2026-11-23T10:00:00Z'));
  });

  it('starts counting on Monday 00:00 for a case opened on a weekend', () => {
    expect(addBusinessDays(at('2026-11-21T15:30:00Z'), 7)).toEqual(at('2026-12-02T00:00:00Z'));
    expect(addBusinessDays(at('2026-11-22T23:00:00Z'), 1)).toEqual(at('2026-11-24T00:00:00Z'));
  });

  it('crosses month and year ends', () => {
    expect(addBusinessDays(at('2026-12-29T09:00:00Z'), 7)).toEqual(at('2027-01-07T09:00:00Z'));
    expect(() => addBusinessDays(at('2026-12-29T09:00:00Z'), -1)).toThrow(RangeError);
  });
});

describe('case deadlines', () => {
  it('gives reports 48 hours, takedowns 24 hours, appeals 7 business days', () => {
    const opened = at('2026-11-20T12:00:00Z'); // Friday noon
    expect(dueAt('report', opened)).toEqual(at('2026-11-22T12:00:00Z'));
    expect(dueAt('takedown', opened)).toEqual(at('2026-11-21T12:00:00Z'));
    expect(dueAt('appeal', opened)).toEqual(at('2026-12-01T12:00:00Z'));
  });

  it('warns with a quarter of the time left, then is overdue', () => {
    const opened = at('2026-11-20T12:00:00Z');
    const due = dueAt('report', opened);
    expect(warnAt(opened, due)).toEqual(at('2026-11-22T00:00:00Z'));
    expect(deadlineStage(at('2026-11-21T23:59:59Z'), opened, due)).toBe('on_time');
    expect(deadlineStage(at('2026-11-22T00:00:00Z'), opened, due)).toBe('warn');
    expect(deadlineStage(at('2026-11-22T12:00:00Z'), opened, due)).toBe('overdue');
  });
});
