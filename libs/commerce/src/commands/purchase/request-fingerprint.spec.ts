import { describe, expect, it } from '@jest/globals';
import { requestFingerprint } from './request-fingerprint.js';
import type { PurchaseRequest } from './purchase.command.js';

const base: PurchaseRequest = { kind: 'content', contentId: '6f1c3a7e-0000-4000-8000-000000000001', method: 'card' };

describe('purchase request fingerprint', () => {
  it('is the same for the same request, wherever the fan returns to', () => {
    expect(requestFingerprint({ ...base, contentId: base.contentId!.toUpperCase(), returnTo: '/stores/shop' })).toBe(
      requestFingerprint(base),
    );
  });

  it('differs when anything the purchase depends on differs', () => {
    const others: PurchaseRequest[] = [
      { ...base, contentId: '6f1c3a7e-0000-4000-8000-000000000002' },
      { ...base, method: 'crypto' },
      { ...base, referralCode: 'abc' },
      { kind: 'tip', storeSlug: 'shop', amountMinor: 500, method: 'card' },
      { kind: 'tip', storeSlug: 'shop', amountMinor: 501, method: 'card' },
      { kind: 'tip', storeSlug: 'shop', amountMinor: 501, method: 'card', message: 'Thanks' },
      { kind: 'post', postId: '6f1c3a7e-0000-4000-8000-000000000001', method: 'card' },
      { kind: 'post', postId: '6f1c3a7e-0000-4000-8000-000000000002', method: 'card' },
    ];
    const prints = [base, ...others].map(requestFingerprint);
    expect(new Set(prints).size).toBe(prints.length);
  });
});
