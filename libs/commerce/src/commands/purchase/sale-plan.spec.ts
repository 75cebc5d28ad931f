import { describe, expect, it } from '@jest/globals';
import { priceStoreSale, type StoreTerms } from './sale-plan.js';

const terms: StoreTerms = {
  ownerId: 'creator',
  currency: 'EUR',
  tipsEnabled: true,
  minimumTipMinor: 300,
  subscriptionEnabled: true,
  subscriptionPriceMinor: 1299,
  subscribed: false,
};
const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('pricing a subscription or a tip', () => {
  it('takes the price and currency from the store, never the request', () => {
    expect(priceStoreSale(terms, { kind: 'subscription', method: 'card', amountMinor: 1 }, 'fan')).toEqual({
      amountMinor: 1299,
      currency: 'EUR',
    });
    expect(priceStoreSale(terms, { kind: 'tip', method: 'crypto', amountMinor: 300 }, 'fan')).toEqual({
      amountMinor: 300,
      currency: 'EUR',
    });
  });

  it('refuses your own store, switched-off features, a second subscription and a tip under the minimum', () => {
    expect(code(() => priceStoreSale(terms, { kind: 'tip', method: 'card', amountMinor: 500 }, 'creator'))).toBe(
      'own_store',
    );
    expect(
      code(() =>
        priceStoreSale({ ...terms, tipsEnabled: false }, { kind: 'tip', method: 'card', amountMinor: 500 }, 'fan'),
      ),
    ).toBe('tips_disabled');
    expect(
      code(() =>
        priceStoreSale({ ...terms, subscriptionEnabled: false }, { kind: 'subscription', method: 'card' }, 'fan'),
      ),
    ).toBe('subscriptions_disabled');
    expect(
      code(() => priceStoreSale({ ...terms, subscribed: true }, { kind: 'subscription', method: 'card' }, 'fan')),
    ).toBe('already_subscribed');
    expect(code(() => priceStoreSale(terms, { kind: 'tip', method: 'card', amountMinor: 299 }, 'fan'))).toBe(
      'validation_failed',
    );
  });
});
