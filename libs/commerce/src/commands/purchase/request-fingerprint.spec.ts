import { describe, expect, it } from '@jest/globals';
import { requestFingerprint } from './request-fingerprint.js';
import type { PurchaseRequest } from './purchase.command.js';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123', name: 'Alex Fan' };
const base: PurchaseRequest = { kind: 'content', contentId: '6f1c3a7e-0000-4000-8000-000000000001', method: 'card', card: CARD };

describe('purchase request fingerprint', () => {
  it('is the same for the same request, however the card number is spaced', () => {
    expect(requestFingerprint({ ...base, card: { ...CARD, number: '4242424242424242' } })).toBe(requestFingerprint(base));
  });

  it('differs when anything the purchase depends on differs', () => {
    const others: PurchaseRequest[] = [
      { ...base, contentId: '6f1c3a7e-0000-4000-8000-000000000002' },
      { ...base, method: 'crypto', card: undefined },
      { ...base, referralCode: 'abc' },
      { ...base, card: { ...CARD, number: '5555 5555 5555 4444' } },
      { kind: 'tip', storeSlug: 'shop', amountMinor: 500, method: 'card', card: CARD },
      { kind: 'tip', storeSlug: 'shop', amountMinor: 501, method: 'card', card: CARD },
    ];
    const prints = [base, ...others].map(requestFingerprint);
    expect(new Set(prints).size).toBe(prints.length);
  });

});
