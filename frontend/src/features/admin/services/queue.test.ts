import { describe, expect, it } from 'vitest';
import { ageFrom } from './age';
import { claimUntil, earliestFirst } from './queue';

const NOW = new Date('2025-06-01T12:00:00Z').getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('ageFrom', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageFrom('2007-06-01', new Date(2025, 5, 1))).toBe(18);
    expect(ageFrom('2007-06-02', new Date(2025, 5, 1))).toBe(17);
    expect(ageFrom('1990-12-31', new Date(2025, 5, 1))).toBe(34);
    expect(ageFrom('not a date')).toBeNull();
  });
});

describe('earliestFirst', () => {
  it('sorts by the time it is given, earliest first', () => {
    const items = [{ at: ago(1) }, { at: ago(3) }, { at: ago(2) }];
    expect(earliestFirst(items, (item) => item.at).map((item) => item.at)).toEqual([ago(3), ago(2), ago(1)]);
  });

  it('puts items without a time last, in the order they came', () => {
    const items = [
      { id: 'a', at: null },
      { id: 'b', at: ago(1) },
      { id: 'c', at: null },
      { id: 'd', at: ago(2) },
    ];
    expect(earliestFirst(items, (item) => item.at).map((item) => item.id)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('leaves the list it was given as it was', () => {
    const items = [{ at: ago(1) }, { at: ago(2) }];
    earliestFirst(items, (item) => item.at);
    expect(items.map((item) => item.at)).toEqual([ago(1), ago(2)]);
  });
});

describe('claimUntil', () => {
  it('says nothing for a claim with no end', () => {
    expect(claimUntil(null)).toBe('');
  });

  it('names the time a live claim lapses', () => {
    expect(claimUntil(ago(0))).toMatch(/^ until \d/);
  });
});
