import { describe, expect, it } from '@jest/globals';
import { tokenAmount } from './crypto-rate.js';

describe('crypto token amounts', () => {
  it('use the fixed rates and round up to whole tokens', () => {
    expect(tokenAmount(1000, 'USD')).toBe(1000);
    expect(tokenAmount(999, 'EUR')).toBe(1079); // 9.99 × 108 = 1078.92
    expect(tokenAmount(1, 'GBP')).toBe(2); // 0.01 × 127 = 1.27
    expect(tokenAmount(500, 'GBP')).toBe(635);
  });
});
