import { AppError } from '#app/platform';
import type { FieldProblem } from './domain/store-settings.js';

export const ADULT_STORE_MESSAGE = 'This store contains adult content (18+). Confirm you are 18 or older to view it.';

export const CommerceErrors = {
  notLaunched: () =>
    new AppError(
      403,
      'not_launched',
      'Creator stores open when the platform launches. Follow our social channels for the date.',
    ),
  notVerified: () =>
    new AppError(
      403,
      'not_verified',
      'Only verified creators can open a store. Complete identity verification in your dashboard (Verification) first.',
    ),
  invalid: (problems: FieldProblem[]) =>
    new AppError(400, 'validation_failed', problems.map((p) => p.message).join('; '), problems),
  storeExists: () => new AppError(409, 'store_exists', 'You already have a store: each creator has one'),
  slugTaken: () => new AppError(409, 'slug_taken', 'This store address is taken: choose another'),
  noStore: () => new AppError(404, 'no_store', 'You have not opened a store yet'),
  storeNotFound: () => new AppError(404, 'store_not_found', 'Store not found'),
  adultStore: () => new AppError(401, 'age_check_required', ADULT_STORE_MESSAGE),
  storeImageNotFound: () => new AppError(404, 'not_found', 'Image not found'),
  imageRejected: (status: number, code: string, message: string) => new AppError(status, code, message),
  notMultipart: () =>
    new AppError(
      415,
      'unsupported_media_type',
      'Send the image as multipart/form-data with one file field named image',
    ),
  imageMissing: () =>
    new AppError(400, 'validation_failed', 'Choose an image to upload (a file field named image)', [
      { field: 'image', message: 'Choose an image' },
    ]),
  adultCategory: () =>
    new AppError(401, 'account_required', 'Sign in to browse this category. It contains adult content (18+).'),
  badCursor: () =>
    new AppError(400, 'validation_failed', 'cursor is not valid: pass the nextCursor of the previous page', [
      { field: 'cursor', message: 'Invalid cursor' },
    ]),
};

export const PurchaseErrors = {
  contentNotFound: () =>
    new AppError(404, 'content_not_found', 'This item is not for sale: it does not exist or is not published'),
  messageNotFound: () =>
    new AppError(
      404,
      'message_not_found',
      'This message is not for sale to you: it does not exist, is not yours to unlock, or was withdrawn',
    ),
  ownMessage: () => new AppError(409, 'own_message', 'You sent this message: it is yours already'),
  alreadyUnlocked: () => new AppError(409, 'already_unlocked', 'You unlocked this message already'),
  conversationNotFound: () =>
    new AppError(404, 'conversation_not_found', "conversationId is not your conversation with this store's creator"),
  conversationBlocked: () =>
    new AppError(
      403,
      'conversation_blocked',
      'A block stands between you and this creator: no message, tip or note reaches them',
    ),
  messageItemsOwned: () =>
    new AppError(
      409,
      'already_owned',
      'You already own everything this message opens: it is unlocked for you at no charge',
    ),
  postNotFound: () =>
    new AppError(
      404,
      'post_not_found',
      'This post is not for sale to you: it does not exist, is not published, or is not pay to unlock',
    ),
  postPriceChanged: () =>
    new AppError(409, 'price_changed', "The post's price changed meanwhile: look at it again before you buy"),
  ownPost: () => new AppError(409, 'own_post', 'You made this post: it is yours already'),
  postUnlocked: () => new AppError(409, 'already_unlocked', 'You unlocked this post already'),
  creatorBlocked: () =>
    new AppError(403, 'blocked', 'A block stands between you and this creator: their posts cannot be bought'),
  alreadyOwned: () => new AppError(409, 'already_owned', 'You already bought this item: open it from your purchases'),
  alreadySubscribed: () => new AppError(409, 'already_subscribed', 'You are already subscribed to this store'),
  ownStore: () => new AppError(400, 'own_store', 'You cannot buy from your own store'),
  tipsDisabled: () => new AppError(400, 'tips_disabled', 'This store does not accept tips'),
  subscriptionsDisabled: () => new AppError(400, 'subscriptions_disabled', 'This store does not offer subscriptions'),
  notForSale: () => new AppError(400, 'not_for_sale', 'This item is free: it cannot be bought'),
  invalid: (problems: FieldProblem[]) =>
    new AppError(400, 'validation_failed', problems.map((p) => p.message).join('; '), problems),
  purchaseNotFound: () => new AppError(404, 'purchase_not_found', 'Purchase not found'),
  notPurchased: () => new AppError(403, 'not_purchased', 'Buy this item or subscribe to its store to open it'),
  notRefundable: () => new AppError(409, 'not_refundable', 'Only a paid purchase can be refunded'),
  paymentMethodNotFound: () => new AppError(404, 'payment_method_not_found', 'Saved card not found'),
  sandboxOnly: () => new AppError(404, 'not_found', 'Sandbox controls exist only with the sandbox payment provider'),
  idempotencyKeyReused: () =>
    new AppError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was used for a different purchase: send a new key for a new purchase',
    ),
  subscribersOnly: () =>
    new AppError(403, 'subscribers_only', 'This store is for subscribers only: subscribe to buy and open its items'),
  badSignature: () => new AppError(400, 'invalid_signature', 'Webhook signature missing, invalid or too old'),
  invalidEvent: (problem: string) =>
    new AppError(400, 'invalid_event', `The event body is not a valid payment event: ${problem}`),
  referralNotAllowed: () =>
    new AppError(
      400,
      'referral_not_allowed',
      'Referral links are for published albums of stores with referrals on, and not for your own items',
    ),
};
