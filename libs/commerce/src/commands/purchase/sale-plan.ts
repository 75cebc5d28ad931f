import { PurchaseErrors } from '../../commerce.errors.js';
import type { PurchaseRequest } from './purchase.command.js';

/** A store as a subscription or tip needs it. */
export interface StoreTerms {
  ownerId: string;
  currency: string;
  tipsEnabled: boolean;
  minimumTipMinor: number;
  subscriptionEnabled: boolean;
  subscriptionPriceMinor: number;
  /** The buyer already has access through a subscription. */
  subscribed: boolean;
}

export const MAX_TIP_MINOR = 100_000;

/** What a subscription or tip costs, from the store's settings; never from the request. */
export function priceStoreSale(
  terms: StoreTerms,
  request: PurchaseRequest,
  buyerId: string,
): { amountMinor: number; currency: string } {
  if (terms.ownerId === buyerId) throw PurchaseErrors.ownStore();
  if (request.kind === 'subscription') {
    if (!terms.subscriptionEnabled) throw PurchaseErrors.subscriptionsDisabled();
    if (terms.subscribed) throw PurchaseErrors.alreadySubscribed();
    return { amountMinor: terms.subscriptionPriceMinor, currency: terms.currency };
  }
  if (!terms.tipsEnabled) throw PurchaseErrors.tipsDisabled();
  const amount = request.amountMinor ?? 0;
  if (amount < terms.minimumTipMinor) {
    throw PurchaseErrors.invalid([
      {
        field: 'amountMinor',
        message: `The minimum tip for this store is ${terms.minimumTipMinor} (minor units of ${terms.currency})`,
      },
    ]);
  }
  return { amountMinor: amount, currency: terms.currency };
}
