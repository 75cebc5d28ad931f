import { describe, expect, it } from '@jest/globals';
import { uuidV7 } from './monthly-partitions.js';

describe('uuidV7', () => {
  it('names its time in the first 48 bits, is version 7 and variant 10, and is unique across a pool refill', () => {
    const at = new Date('2030-01-31T23:59:59.123Z');
    const ids = Array.from({ length: 1000 }, () => uuidV7(at));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at.getTime());
    }
  });

  it('sorts ids made in one millisecond in the order they were made', () => {
    const at = new Date('2031-06-01T00:00:00.000Z');
    const ids = Array.from({ length: 500 }, () => uuidV7(at));
    expect([...ids].sort()).toEqual(ids);
  });
});
