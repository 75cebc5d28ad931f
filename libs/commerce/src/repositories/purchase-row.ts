import type { CryptoInstructions, DisputeStage, PaymentMethod } from '../payments/payment-provider.js';
import type { PurchaseStatus } from '../domain/purchase.js';
import type { PurchaseKind } from '../queries/purchases/purchase-view.js';
import type { PurchaseRecord } from './purchase.repository.js';

/** A purchases row with its store's slug and name, as the PostgreSQL adapter selects it. */
export interface PurchaseRow {
  id: string;
  buyer_id: string;
  store_id: string;
  creator_id: string;
  kind: PurchaseKind;
  status: PurchaseStatus;
  amount_minor: string;
  currency: string;
  method: PaymentMethod;
  content_id: string | null;
  content_title: string | null;
  content_kind: 'video' | 'album' | null;
  store_slug: string;
  store_name: string;
  subscription_id: string | null;
  period_start: Date | null;
  referrer_id: string | null;
  message_id: string | null;
  message_created_at: Date | null;
  conversation_id: string | null;
  post_id: string | null;
  message: string | null;
  return_to: string | null;
  request_hash: string | null;
  checkout_id: string | null;
  checkout_url: string | null;
  checkout_expires_at: Date | null;
  crypto: CryptoInstructions | null;
  provider_payment_id: string | null;
  payment_method_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  failure_reason: string | null;
  dispute_stage: DisputeStage | null;
  paid_at: Date | null;
  reversed_at: Date | null;
  created_at: Date;
  version: number;
}

const date = (value: Date | null) => value && new Date(value);

export const toPurchaseRecord = (row: PurchaseRow): PurchaseRecord => ({
  id: row.id,
  buyerId: row.buyer_id,
  storeId: row.store_id,
  creatorId: row.creator_id,
  kind: row.kind,
  status: row.status,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  method: row.method,
  contentId: row.content_id ?? null,
  contentTitle: row.content_title,
  contentKind: row.content_kind ?? null,
  storeSlug: row.store_slug,
  storeName: row.store_name,
  subscriptionId: row.subscription_id,
  periodStart: date(row.period_start),
  referrerId: row.referrer_id,
  messageId: row.message_id ?? null,
  messageCreatedAt: date(row.message_created_at ?? null),
  conversationId: row.conversation_id ?? null,
  postId: row.post_id ?? null,
  note: row.message ?? null,
  returnTo: row.return_to ?? null,
  requestHash: row.request_hash ?? null,
  checkoutId: row.checkout_id,
  checkoutUrl: row.checkout_url,
  checkoutExpiresAt: date(row.checkout_expires_at),
  crypto: row.crypto,
  providerPaymentId: row.provider_payment_id,
  savedMethodRef: row.payment_method_ref,
  card:
    row.card_brand && row.card_last4
      ? {
          brand: row.card_brand,
          last4: row.card_last4,
          expMonth: row.card_exp_month ?? 0,
          expYear: row.card_exp_year ?? 0,
        }
      : null,
  failureReason: row.failure_reason,
  disputeStage: row.dispute_stage,
  paidAt: date(row.paid_at),
  reversedAt: date(row.reversed_at),
  createdAt: new Date(row.created_at),
  version: Number(row.version),
});

/** The values of UPDATE_PURCHASE's SET, in its order: every field a decision may change. */
export function changedValues(purchase: PurchaseRecord): unknown[] {
  return [
    purchase.status,
    purchase.checkoutId,
    purchase.checkoutUrl,
    purchase.checkoutExpiresAt,
    purchase.crypto ? JSON.stringify(purchase.crypto) : null,
    purchase.providerPaymentId,
    purchase.savedMethodRef,
    purchase.card?.brand ?? null,
    purchase.card?.last4 ?? null,
    purchase.card?.expMonth ?? null,
    purchase.card?.expYear ?? null,
    purchase.failureReason,
    purchase.disputeStage,
    purchase.paidAt,
    purchase.reversedAt,
    purchase.subscriptionId,
  ];
}
