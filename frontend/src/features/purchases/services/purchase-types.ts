import type { ApiSchemas } from '../../../lib/api/types';
import type { PlatformConfig } from '../../../lib/platform-config';

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

/**
 * Not in the generated document yet: GET /api/config's payment provider (absent means the sandbox) and
 * the `owned` flag the store's content list carries for a signed-in buyer. Drop once `npm run api:types` has them.
 */
export type CommerceConfig = PlatformConfig & { paymentProvider?: string };
export interface OwnedFlag {
  owned?: boolean;
}
