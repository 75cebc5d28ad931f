import { describe, expect, it } from '@jest/globals';
import { periodOf } from './scheduled-jobs.js';

const label = (period: Parameters<typeof periodOf>[0], at: string) => periodOf(period, new Date(at)).label;

describe('periodOf', () => {
  it('labels each period so that BullMQ takes it in a job id (no colon)', () => {
    expect(label('second', '2026-11-25T13:05:07.010Z')).toBe('2026-11-25T130507Z');
    expect(label('minute', '2026-11-25T13:05:00.004Z')).toBe('2026-11-25T1305Z');
    expect(label('quarter-hour', '2026-11-25T13:15:00.004Z')).toBe('2026-11-25T1315Z');
    expect(label('day', '2026-11-30T23:00:00.004Z')).toBe('2026-11-30');
  });

  it('counts a tick that fired a moment early into the period it was meant for', () => {
    expect(label('second', '2026-11-25T13:05:06.999Z')).toBe('2026-11-25T130507Z');
    expect(label('minute', '2026-11-25T13:04:59.950Z')).toBe('2026-11-25T1305Z');
    expect(label('quarter-hour', '2026-11-25T13:14:59.900Z')).toBe('2026-11-25T1315Z');
    expect(label('day', '2026-11-30T23:59:59.990Z')).toBe('2026-12-01');
  });

  it('keeps a late tick in its own period', () => {
    expect(label('second', '2026-11-25T13:05:07.700Z')).toBe('2026-11-25T130507Z');
    expect(label('minute', '2026-11-25T13:05:50Z')).toBe('2026-11-25T1305Z');
    expect(label('quarter-hour', '2026-11-25T13:29:00Z')).toBe('2026-11-25T1315Z');
    expect(periodOf('day', new Date('2026-12-01T00:10:00.300Z')).start).toEqual(new Date('2026-12-01T00:00:00Z'));
  });
});
