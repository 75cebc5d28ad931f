import { decodeCursor, encodeCursor } from './store-cursor.js';

const id = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('store listing cursors', () => {
  it('round-trip for the sort they were made for', () => {
    const newest = { sort: 'newest' as const, key: '2026-11-22T12:00:00.000Z', id };
    const byName = { sort: 'name' as const, key: 'jane fit', id };
    expect(decodeCursor(encodeCursor(newest), 'newest')).toEqual(newest);
    expect(decodeCursor(encodeCursor(byName), 'name')).toEqual(byName);
  });

  it('are refused when made for another sort, tampered with or not a cursor at all', () => {
    expect(decodeCursor(encodeCursor({ sort: 'name', key: 'x', id }), 'newest')).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: 'newest', key: 'not a date', id }), 'newest')).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: 'name', key: 'x', id: "1' or '1'='1" }), 'name')).toBeNull();
    for (const text of [
      '',
      'abc',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
    ]) {
      expect(decodeCursor(text, 'name')).toBeNull();
    }
  });
});
