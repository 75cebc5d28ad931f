import type { CryptoInstructions, PaymentMethod } from '../../payments/payment-provider.js';
import type { PurchaseStatus } from '../../domain/purchase.js';

export { PURCHASE_STATUSES, type PurchaseStatus } from '../../domain/purchase.js';
export const PURCHASE_KINDS = ['content', 'subscription', 'tip', 'message', 'message_fee', 'post'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export interface PurchaseView {
  id: string;
  kind: PurchaseKind;
  status: PurchaseStatus;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  storeSlug: string;
  storeName: string;
  contentId: string | null;
  contentTitle: string | null;
  contentKind: 'video' | 'album' | null;
  subscriptionId: string | null;
  failureReason: string | null;
  crypto: CryptoInstructions | null;
  /** The hosted payment page, while the purchase waits for the fan there. */
  checkoutUrl: string | null;
  returnTo: string | null;
  /** The card it was paid with, as the acquirer reports it (brand and last four, never the number). */
  card: { brand: string; last4: string } | null;
  createdAt: string;
  paidAt: string | null;
}

/** A purchases row joined to its store, as the history selects it (purchases.queries.ts). */
export interface PurchaseRow {
  id: string;
  buyer_id: string;
  kind: PurchaseKind;
  status: PurchaseStatus;
  amount_minor: string | number;
  currency: string;
  method: PaymentMethod;
  store_slug: string;
  store_name: string;
  content_id: string | null;
  content_title: string | null;
  content_kind: 'video' | 'album' | null;
  subscription_id: string | null;
  failure_reason: string | null;
  crypto: CryptoInstructions | null;
  checkout_url: string | null;
  return_to: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toPurchaseView(row: PurchaseRow): PurchaseView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    method: row.method,
    storeSlug: row.store_slug,
    storeName: row.store_name,
    contentId: row.content_id,
    contentTitle: row.content_title,
    contentKind: row.content_kind,
    subscriptionId: row.subscription_id,
    failureReason: row.failure_reason,
    crypto: row.crypto,
    checkoutUrl: row.status === 'requires_action' ? row.checkout_url : null,
    returnTo: row.return_to,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    createdAt: iso(row.created_at),
    paidAt: row.paid_at === null ? null : iso(row.paid_at),
  };
}

/** What the view is made from: the repository's record, with its times as dates. */
type PurchaseRecordFields = Omit<PurchaseView, 'createdAt' | 'paidAt'> & { createdAt: Date; paidAt: Date | null };

/** The purchase as its buyer sees it, from the repository's record. */
export function purchaseView(p: PurchaseRecordFields): PurchaseView {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    amountMinor: p.amountMinor,
    currency: p.currency,
    method: p.method,
    storeSlug: p.storeSlug,
    storeName: p.storeName,
    contentId: p.contentId,
    contentTitle: p.contentTitle,
    contentKind: p.contentKind,
    subscriptionId: p.subscriptionId,
    failureReason: p.failureReason,
    crypto: p.crypto,
    checkoutUrl: p.status === 'requires_action' ? p.checkoutUrl : null,
    returnTo: p.returnTo,
    card: p.card && { brand: p.card.brand, last4: p.card.last4 },
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt && p.paidAt.toISOString(),
  };
}
