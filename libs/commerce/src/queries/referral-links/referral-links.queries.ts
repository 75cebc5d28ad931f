import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReferralLinkRow } from './referral-link-view.js';

/** Links with their paid (not reversed) purchases; the commission is worked out per sale, as payouts books it. */
const LINKS_WITH_SALES = `
  select l.code, l.content_id, l.content_title, s.slug as store_slug, s.display_name as store_name, s.currency, l.created_at,
         count(p.id)::int as purchases, array_remove(array_agg(p.amount_minor), null) as gross_amounts
    from referral_links l
    join stores s on s.id = l.store_id
    left join purchases p on p.referral_link_id = l.id and p.status = 'paid'`;

/** The owner's links, newest first. */
export function listOwnerReferralLinks(em: EntityManager, ownerId: string): Promise<ReferralLinkRow[]> {
  return em.execute<ReferralLinkRow[]>(
    `${LINKS_WITH_SALES} where l.owner_id = ? group by l.id, s.id order by l.created_at desc`,
    [ownerId],
  );
}

/** The owner's link to that content, if any. */
export async function findOwnerReferralLink(
  em: EntityManager,
  ownerId: string,
  contentId: string,
): Promise<ReferralLinkRow | undefined> {
  const [row] = await em.execute<ReferralLinkRow[]>(
    `${LINKS_WITH_SALES} where l.owner_id = ? and l.content_id = ? group by l.id, s.id`,
    [ownerId, contentId],
  );
  return row;
}
