import { describe, expect, it } from '@jest/globals';
import { snapshotOnScrape } from './scrape-snapshot.js';

describe('one read per scrape', () => {
  it('shares a read while it is in flight and reads anew afterwards', async () => {
    let reads = 0;
    const snapshot = snapshotOnScrape(async () => ++reads);
    expect(await Promise.all([snapshot(), snapshot(), snapshot()])).toEqual([1, 1, 1]);
    expect(await snapshot()).toBe(2);
  });

  it('reads anew after a failed read', async () => {
    let reads = 0;
    const snapshot = snapshotOnScrape(async () => {
      if (++reads === 1) throw new Error('down');
      return reads;
    });
    await expect(snapshot()).rejects.toThrow('down');
    expect(await snapshot()).toBe(2);
  });
});
