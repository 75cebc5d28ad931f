import type { CreatePurchaseDto, PurchaseDto, PurchaseKind } from '../../services/purchase-types';

/** Where the fan comes back to after the payment page; the store page unless the target says otherwise (a conversation). */
interface Returns {
  returnTo?: string;
}

/**
 * What the fan is paying for: a video or album, a month of a store's subscription, a tip of their choice
 * (shown in a conversation when it names one), a priced message or a pay-to-unlock post.
 */
export type CheckoutTarget = Returns &
  (
    | {
        kind: 'content';
        contentId: string;
        title: string;
        storeSlug: string;
        storeName: string;
        amountMinor: number;
        currency: string;
      }
    | { kind: 'subscription'; storeSlug: string; storeName: string; amountMinor: number; currency: string }
    | {
        kind: 'tip';
        storeSlug: string;
        storeName: string;
        minimumMinor: number;
        currency: string;
        conversationId?: string;
      }
    | {
        kind: 'message';
        messageId: string;
        storeSlug: string;
        storeName: string;
        amountMinor: number;
        currency: string;
      }
    | {
        kind: 'post';
        postId: string;
        storeSlug: string;
        storeName: string;
        amountMinor: number;
        currency: string;
      }
  );

/** Tips above this are refused by the API (100000 minor units). */
export const MAX_TIP_MINOR = 100_000;

/** The line naming what is paid for, before checkout (a target) or after (a purchase, whose title is `contentTitle`). */
export function checkoutTitle(item: { kind: PurchaseKind; storeName: string; title?: string | null }): string {
  if (item.kind === 'content') return item.title ?? 'Video or album';
  if (item.kind === 'message') return `Message: ${item.storeName}`;
  if (item.kind === 'message_fee') return `Paid message to ${item.storeName}`;
  if (item.kind === 'post') return `Post: ${item.storeName}`;
  return item.kind === 'subscription' ? `Monthly subscription to ${item.storeName}` : `Tip for ${item.storeName}`;
}

const KIND_DETAIL = {
  content: 'Video or album',
  subscription: 'Subscription, billed monthly',
  tip: 'Tip',
  message: 'Unlocks the message',
  message_fee: 'Price per message',
  post: 'Unlocks the post',
} as const;

/** The line under the title: the store and the kind of payment, e.g. 'Jane Fit · Tip'. */
export const checkoutDetail = (item: { kind: PurchaseKind; storeName: string }) =>
  `${item.storeName} · ${KIND_DETAIL[item.kind]}`;

export const purchaseTitle = (purchase: PurchaseDto) => checkoutTitle({ ...purchase, title: purchase.contentTitle });

/**
 * Where the fan lands after the payment page: the store, with the `?ref=` code of the link they came by,
 * so it still counts for what they buy next.
 */
export function storeReturnPath(storeSlug: string, referralCode: string | null): string {
  const path = `/stores/${encodeURIComponent(storeSlug)}`;
  return referralCode ? `${path}?ref=${encodeURIComponent(referralCode)}` : path;
}

/** The purchase body without the payment method. */
export function purchaseBase(
  target: CheckoutTarget,
  tip: { amountMinor: number; message: string },
): Omit<CreatePurchaseDto, 'method'> {
  if (target.kind === 'content') return { kind: 'content', contentId: target.contentId };
  if (target.kind === 'subscription') return { kind: 'subscription', storeSlug: target.storeSlug };
  if (target.kind === 'message') return { kind: 'message', messageId: target.messageId };
  if (target.kind === 'post') return { kind: 'post', postId: target.postId };
  const message = tip.message.trim();
  const conversation = target.conversationId ? { conversationId: target.conversationId } : {};
  return {
    kind: 'tip',
    storeSlug: target.storeSlug,
    amountMinor: tip.amountMinor,
    ...(message ? { message } : {}),
    ...conversation,
  };
}
