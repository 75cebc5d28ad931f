import { describe, expect, it } from '@jest/globals';
import { saleEventOf } from './content-sale-events.js';

describe('saleEventOf', () => {
  it('announces an item becoming public (approved or restored) and leaving it (removed)', () => {
    expect(saleEventOf('pending_review', 'approved')).toBe('content-approved');
    expect(saleEventOf('removed', 'approved')).toBe('content-restored');
    expect(saleEventOf('approved', 'removed')).toBe('content-removed');
  });

  it('announces nothing when the item was never sellable and still is not', () => {
    expect(saleEventOf('pending_review', 'rejected')).toBeNull();
    expect(saleEventOf('rejected', 'pending_review')).toBeNull();
    expect(saleEventOf('pending_review', 'removed')).toBeNull();
    expect(saleEventOf('rejected', 'removed')).toBeNull();
    expect(saleEventOf('draft', 'pending_review')).toBeNull();
  });
});
