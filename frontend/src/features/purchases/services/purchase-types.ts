import type { ApiSchemas } from '../../../lib/api/types';

/** The commerce API's shapes, generated from the server's OpenAPI document (issue 7 contract). */
export type PurchaseDto = ApiSchemas['PurchaseDto'];
export type PurchasePageDto = ApiSchemas['PurchasePageDto'];
export type CreatePurchaseDto = ApiSchemas['CreatePurchaseDto'];
export type CardDetails = ApiSchemas['CardDto'];
export type CryptoPaymentDto = ApiSchemas['CryptoInstructionsDto'];
export type PurchasedContentDto = ApiSchemas['PurchasedContentDto'];
export type SubscriptionDto = ApiSchemas['SubscriptionDto'];
export type SubscriptionListDto = ApiSchemas['SubscriptionListDto'];
export type FavoriteStoreDto = ApiSchemas['FavoriteDto'];
export type FavoriteListDto = ApiSchemas['FavoriteListDto'];
export type ReferralLinkDto = ApiSchemas['ReferralLinkDto'];
export type ReferralLinkListDto = ApiSchemas['ReferralLinkListDto'];

export type PurchaseKind = PurchaseDto['kind'];
export type PurchaseStatus = PurchaseDto['status'];
export type PaymentMethod = PurchaseDto['method'];
export type SubscriptionStatus = SubscriptionDto['status'];

