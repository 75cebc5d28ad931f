import { describe, expect, it } from 'vitest';
import { countdown, formatSpan } from './deadline';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('formatSpan', () => {
  it('shows days and hours, hours and minutes, or minutes and seconds', () => {
    expect(formatSpan(2 * 24 * HOUR + 5 * HOUR + 30 * MINUTE)).toBe('2 d 5 h');
    expect(formatSpan(2 * HOUR + 10 * MINUTE + 59_000)).toBe('2 h 10 min');
    expect(formatSpan(4 * MINUTE + 9_000)).toBe('4 min 09 s');
    expect(formatSpan(-12_400)).toBe('12 s');
  });
});

describe('countdown', () => {
  const opened = Date.UTC(2026, 9, 1, 0, 0, 0);
  const item = (remainingMs: number) => ({
    openedAt: new Date(opened).toISOString(),
    dueAt: new Date(opened + 48 * HOUR).toISOString(),
    remainingMs,
  });

  it('counts down from the time left the server measured, whatever the browser clock says', () => {
    const fetchedAt = 1_000_000;
    expect(countdown(item(20 * HOUR), fetchedAt, fetchedAt + 30 * MINUTE)).toEqual({
      stage: 'on_time',
      remainingMs: 19.5 * HOUR,
      text: '19 h 30 min left',
    });
  });

  it('warns in the last quarter of the allowed time and is overdue at the deadline', () => {
    expect(countdown(item(12 * HOUR + 1000), 0, 0).stage).toBe('on_time');
    expect(countdown(item(12 * HOUR), 0, 0).stage).toBe('warn');
    expect(countdown(item(1000), 0, 1000)).toMatchObject({ stage: 'overdue', text: 'overdue by 0 s' });
    expect(countdown(item(-(2 * HOUR + 10 * MINUTE)), 0, 0)).toMatchObject({
      stage: 'overdue',
      text: 'overdue by 2 h 10 min',
    });
  });
});
