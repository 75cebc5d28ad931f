import type { EntityManager } from '@mikro-orm/postgresql';
import { notOwnWorkSql } from '#app/platform';
import { ContentItem } from '../../entities/content-item.entity.js';

/**
 * Items waiting for review, oldest submission first, without the viewer's own work: staff never see
 * what they made or are featured in as waiting for their review.
 */
export function contentAwaitingReview(em: EntityManager, viewerId: string, limit: number): Promise<ContentItem[]> {
  const notOwn = notOwnWorkSql(
    viewerId,
    ['i.creator_id'],
    ['select cc.collaborator_id from content_collaborators cc where cc.content_id = i.id'],
  );
  return em
    .createQueryBuilder(ContentItem, 'i')
    .where({ status: 'pending_review' })
    .andWhere(notOwn.sql, notOwn.params)
    .orderBy({ submittedAt: 'asc', id: 'asc' })
    .limit(limit)
    .getResultList();
}
