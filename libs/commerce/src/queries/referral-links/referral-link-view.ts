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

/** Links with their paid (not reversed) purchases; the commission is worked out per sale, as payouts books it. */
export const REFERRAL_LINK_SELECT = `
  select l.code, l.content_id, l.content_title, s.slug as store_slug, s.display_name as store_name, s.currency, l.created_at,
         count(p.id)::int as purchases, array_remove(array_agg(p.amount_minor), null) as gross_amounts
    from referral_links l
    join stores s on s.id = l.store_id
    left join purchases p on p.referral_link_id = l.id and p.status = 'paid'`;

export const REFERRAL_LINK_GROUP = `group by l.id, s.id`;

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
    earnedMinor: (row.gross_amounts ?? []).reduce<number>((sum, gross) => sum + referralCommission(Number(gross), REFERRAL_COMMISSION_PERCENT), 0),
    currency: row.currency,
  };
}
