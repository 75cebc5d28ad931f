import { describe, expect, it } from '@jest/globals';
import { retryDelayMs } from './backoff.js';

describe('webhook retry backoff', () => {
  it('doubles per attempt, between half and all of the exponential delay', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    for (let i = 0; i < 100; i += 1) {
      const delay = retryDelayMs(5, 1000);
      expect(delay).toBeGreaterThanOrEqual(8000);
      expect(delay).toBeLessThanOrEqual(16000);
    }
  });

  it('spreads the default schedule (one-minute base, 13 attempts) over roughly three days', () => {
    const total = (random: () => number) =>
      Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1, 60_000, random)).reduce((a, b) => a + b, 0);
    const day = 86_400_000;
    expect(total(() => 1) / day).toBeCloseTo(2.84, 1);
    expect(total(() => 0) / day).toBeGreaterThan(1.4);
  });
});
