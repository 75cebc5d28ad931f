import type { ApiSchemas } from '../../../lib/api/types';

/** The commerce API's shapes, generated from the server's OpenAPI document (issue 7 contract). */
export type CryptoPaymentDto = ApiSchemas['CryptoInstructionsDto'];
export type PurchasedContentDto = ApiSchemas['PurchasedContentDto'];
export type SubscriptionDto = ApiSchemas['SubscriptionDto'];
export type SubscriptionListDto = ApiSchemas['SubscriptionListDto'];
export type FavoriteStoreDto = ApiSchemas['FavoriteDto'];
export type FavoriteListDto = ApiSchemas['FavoriteListDto'];
export type ReferralLinkDto = ApiSchemas['ReferralLinkDto'];
export type ReferralLinkListDto = ApiSchemas['ReferralLinkListDto'];

/**
 * Issue 22 adds the paid-message kinds (the contract in the brief: 'message' unlocks a priced message,
 * 'message_fee' pays a creator's price per message); written out here until the generated shapes carry them.
 */
export type PurchaseKind = ApiSchemas['PurchaseDto']['kind'] | 'message' | 'message_fee';
export type PurchaseDto = Omit<ApiSchemas['PurchaseDto'], 'kind'> & { kind: PurchaseKind };
export type PurchaseStatus = PurchaseDto['status'];
/** The card a payment was made with, as the acquirer reports it (never the number). */
export type PaidCardDto = ApiSchemas['PaidCardDto'];
export type PurchasePageDto = ApiSchemas['PurchasePageDto'];
/** No card field: the card is entered on the acquirer's page only. */
export type CreatePurchaseDto = Omit<ApiSchemas['CreatePurchaseDto'], 'kind'> & {
  kind: ApiSchemas['CreatePurchaseDto']['kind'] | 'message';
  /** kind message: the priced message to unlock */
  messageId?: string;
  /** kind tip: the conversation the tip appears in */
  conversationId?: string;
};
/** A card the acquirer saved for the fan. */
export type SavedCardDto = ApiSchemas['SavedCardDto'];
export type SavedCardListDto = ApiSchemas['SavedCardsDto'];

export type PaymentMethod = PurchaseDto['method'];
export type SubscriptionStatus = SubscriptionDto['status'];
