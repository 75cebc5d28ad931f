import type { PurchaseDto } from './purchase-types';

/**
 * The acquirer's hosted page of a card payment that still waits for the fan. Only an http(s)
 * address is taken, so a bad answer can never become a script link.
 */
export function pendingCheckoutUrl(purchase: PurchaseDto): string | null {
  if (purchase.status !== 'requires_action' || !purchase.checkoutUrl) return null;
  return /^https?:\/\/[^/]/i.test(purchase.checkoutUrl) ? purchase.checkoutUrl : null;
}

/** A full-page redirect: the card is entered on the acquirer's origin, never in our page. */
export const openHostedCheckout = (checkoutUrl: string) => window.location.assign(checkoutUrl);
