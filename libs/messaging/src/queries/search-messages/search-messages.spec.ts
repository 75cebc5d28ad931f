import { describe, expect, it } from '@jest/globals';
import { searchWords } from './search-messages.handler.js';

describe('search words', () => {
  it('keeps letters and digits of any script, lowercased, and drops tsquery syntax', () => {
    expect(searchWords("Beach & sunset | !photos:* 'x'")).toEqual(['beach', 'sunset', 'photos', 'x']);
    expect(searchWords('Café ÜBER 2026 Ελλάδα')).toEqual(['café', 'über', '2026', 'ελλάδα']);
    expect(searchWords(' !!! ')).toEqual([]);
  });

  it('uses at most eight words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});
