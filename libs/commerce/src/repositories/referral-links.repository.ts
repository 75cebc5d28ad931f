import type { EntityManager } from '@mikro-orm/postgresql';

export interface NewReferralLink {
  id: string;
  code: string;
  ownerId: string;
  contentId: string;
  contentTitle: string;
  creatorId: string;
  createdAt: Date;
}

/**
 * Adds the link in the creator's active store if it takes referrals; false when none was added
 * (the owner already has a link to that content, or the store does not allow it).
 */
export async function insertReferralLink(em: EntityManager, link: NewReferralLink): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into referral_links (id, code, owner_id, content_id, store_id, content_title, created_at)
     select ?, ?, ?, ?, s.id, ?, ? from stores s where s.owner_id = ? and s.status = 'active' and s.referrals_enabled
     on conflict (owner_id, content_id) do nothing returning id`,
    [link.id, link.code, link.ownerId, link.contentId, link.contentTitle, link.createdAt, link.creatorId],
  );
  return inserted.length > 0;
}
