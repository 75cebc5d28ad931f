import type { CreatePurchaseDto } from '../../services/purchase-types';

/** What the fan is paying for: a video or album, a month of a store's subscription, or a tip of their choice. */
export type CheckoutTarget =
  | { kind: 'content'; contentId: string; title: string; storeSlug: string; storeName: string; amountMinor: number; currency: string }
  | { kind: 'subscription'; storeSlug: string; storeName: string; amountMinor: number; currency: string }
  | { kind: 'tip'; storeSlug: string; storeName: string; minimumMinor: number; currency: string };

/** Tips above this are refused by the API (100000 minor units). */
export const MAX_TIP_MINOR = 100_000;

export function checkoutTitle(target: CheckoutTarget): string {
  if (target.kind === 'content') return target.title;
  return target.kind === 'subscription' ? `Monthly subscription to ${target.storeName}` : `Tip for ${target.storeName}`;
}

/** The purchase body without payment details. */
export function purchaseBase(target: CheckoutTarget, tip: { amountMinor: number; message: string }): Omit<CreatePurchaseDto, 'method'> {
  if (target.kind === 'content') return { kind: 'content', contentId: target.contentId };
  if (target.kind === 'subscription') return { kind: 'subscription', storeSlug: target.storeSlug };
  const message = tip.message.trim();
  return { kind: 'tip', storeSlug: target.storeSlug, amountMinor: tip.amountMinor, ...(message ? { message } : {}) };
}
