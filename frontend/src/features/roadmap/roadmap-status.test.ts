import { describe, expect, it } from 'vitest';
import { TARGETS, TARGETS_QUARTER } from '../../content/site-facts';
import entries from './content/roadmap.json';
import { parsePeriodStart, ROADMAP_REFERENCE_DATE, roadmapStatus, STATUS_BADGE } from './roadmap-status';

describe('parsePeriodStart', () => {
  it.each([
    ['Q1 2025', { year: 2025, month: 1, day: 1 }],
    ['Q2 2025', { year: 2025, month: 4, day: 1 }],
    ['Q3 2025', { year: 2025, month: 7, day: 1 }],
    ['Q4 2024', { year: 2024, month: 10, day: 1 }],
    ['October 2023', { year: 2023, month: 10, day: 1 }],
    ['2026', { year: 2026, month: 1, day: 1 }],
    ['2027', { year: 2027, month: 1, day: 1 }],
    ['  q3   2025 ', { year: 2025, month: 7, day: 1 }],
  ])('%s starts on %o', (label, start) => {
    expect(parsePeriodStart(label)).toEqual(start);
  });

  it.each(['Q5 2025', 'Spring 2025', 'Oct 2023', '25', 'soon', ''])('refuses %j with a clear error', (label) => {
    expect(() => parsePeriodStart(label)).toThrow(/is not understood/);
  });
});

describe('roadmapStatus against 2 May 2025', () => {
  it('uses a fixed reference date', () => {
    expect(ROADMAP_REFERENCE_DATE).toEqual({ year: 2025, month: 5, day: 2 });
  });

  it.each([
    ['Q1 2025', 'completed', 'Completed'],
    ['Q2 2025', 'current', 'In Progress'],
    ['Q3 2025', 'upcoming', null],
    ['Q4 2024', 'completed', 'Completed'],
    ['October 2023', 'completed', 'Completed'],
    ['2026', 'upcoming', null],
    ['2027', 'upcoming', null],
    ['April 2025', 'current', 'In Progress'],
    ['May 2025', 'current', 'In Progress'],
    // In the current quarter but starting after 2 May: "starts after the reference date" is checked first.
    ['June 2025', 'upcoming', null],
    ['March 2025', 'completed', 'Completed'],
  ])('%s is %s', (label, status, badge) => {
    const result = roadmapStatus(label);
    expect(result).toBe(status);
    expect(STATUS_BADGE[result]).toBe(badge);
  });

  it('judges against another reference date when given one', () => {
    expect(roadmapStatus('Q3 2025', { year: 2025, month: 8, day: 15 })).toBe('current');
    expect(roadmapStatus('Q2 2025', { year: 2025, month: 8, day: 15 })).toBe('completed');
  });
});

describe('roadmap content', () => {
  it('has a date label every entry parses', () => {
    for (const entry of entries) expect(() => parsePeriodStart(entry.dateLabel)).not.toThrow();
  });

  it('runs in date order from the founding to the targets', () => {
    const starts = entries.map((entry) => parsePeriodStart(entry.dateLabel));
    const keys = starts.map((d) => d.year * 100 + d.month);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(entries[0].dateLabel).toBe('October 2023');
    expect(entries.at(-1)?.dateLabel).toBe('2027');
  });

  it('names every target figure in the final entry', () => {
    const last = entries.at(-1)?.description ?? '';
    for (const target of TARGETS) expect(last).toContain(target.number);
    expect(last).toContain(TARGETS_QUARTER);
  });
});
