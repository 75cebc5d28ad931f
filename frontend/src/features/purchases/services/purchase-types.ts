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

/*
 * Hosted checkout (issue 19): the shapes below add what the API gains before schema.ts is
 * regenerated from it. Once it is, each becomes the plain ApiSchemas[...] alias again.
 */
export type PurchaseStatus = 'pending' | 'requires_action' | 'paid' | 'failed' | 'expired' | 'refunded' | 'charged_back';

/** The card a payment was made with, as the acquirer reports it (never the number). */
export interface PaidCardDto {
  brand: string;
  last4: string;
}

export type PurchaseDto = Omit<ApiSchemas['PurchaseDto'], 'status'> & {
  status: PurchaseStatus;
  /** The acquirer's hosted payment page while a card payment waits for the fan. */
  checkoutUrl: string | null;
  /** Where the fan lands after paying (a same-site path). */
  returnTo: string | null;
  card?: PaidCardDto | null;
};

export interface PurchasePageDto {
  items: PurchaseDto[];
  nextCursor: string | null;
}

/** No card field: the card is entered on the acquirer's page only. */
export type CreatePurchaseDto = Omit<ApiSchemas['CreatePurchaseDto'], 'card'> & { returnTo?: string };

/** A card the acquirer saved for the fan. */
export interface SavedCardDto {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SavedCardListDto {
  items: SavedCardDto[];
}

export type PurchaseKind = PurchaseDto['kind'];
export type PaymentMethod = PurchaseDto['method'];
export type SubscriptionStatus = SubscriptionDto['status'];
