import { referralCommission } from '../../domain/money.js';
import { REFERRAL_COMMISSION_PERCENT } from '../../domain/store-settings.js';

export interface ReferralLinkView {
  code: string;
  url: string;
  contentId: string;
  contentTitle: string;
  storeSlug: string;
  storeName: string;
  createdAt: string;
  purchases: number;
  earnedMinor: number;
  currency: string;
}

export interface ReferralLinkRow {
  code: string;
  content_id: string;
  content_title: string;
  store_slug: string;
  store_name: string;
  currency: string;
  created_at: Date | string;
  purchases: number;
  gross_amounts: (string | number)[] | null;
}

export function toReferralLinkView(row: ReferralLinkRow, publicUrl: string): ReferralLinkView {
  return {
    code: row.code,
    url: `${publicUrl}/stores/${row.store_slug}?ref=${row.code}`,
    contentId: row.content_id,
    contentTitle: row.content_title,
    storeSlug: row.store_slug,
    storeName: row.store_name,
    createdAt: new Date(row.created_at).toISOString(),
    purchases: row.purchases,
    earnedMinor: (row.gross_amounts ?? []).reduce<number>(
      (sum, gross) => sum + referralCommission(Number(gross), REFERRAL_COMMISSION_PERCENT),
      0,
    ),
    currency: row.currency,
  };
}
