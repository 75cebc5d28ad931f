import { describe, expect, it } from 'vitest';
import { ageFrom } from './age';
import { oldestFirst } from './queue';

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

describe('oldestFirst', () => {
  it('sorts oldest first', () => {
    expect(oldestFirst([{ submittedAt: ago(1) }, { submittedAt: ago(3) }, { submittedAt: ago(2) }]).map((i) => i.submittedAt)).toEqual([
      ago(3),
      ago(2),
      ago(1),
    ]);
  });
});
