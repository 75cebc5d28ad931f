import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContentByIdsQuery } from '#app/content-moderation';
import type { MediaReview, PostMedia } from '../../domain/post.js';
import { MediaReviewRepository } from '../../repositories/media-review.repository.js';
import { PostsErrors } from '../../posts.errors.js';

/**
 * Turns the item ids a creator attaches into the post's media with where each review stands: each
 * must be the creator's own item made for posts and submitted (a draft is refused, as is an item
 * rejected or removed). Runs in the transaction that saves the post, holding each item's review row,
 * so a decision on an item is either seen here or applied to the saved post by the worker.
 */
@Injectable()
export class PostMediaResolver {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MediaReviewRepository) private readonly reviews: MediaReviewRepository,
  ) {}

  async resolve(
    em: EntityManager,
    creatorId: string,
    mediaIds: readonly string[],
    kept: readonly PostMedia[] = [],
  ): Promise<PostMedia[]> {
    const known = new Map(kept.map((item) => [item.contentId, item.review]));
    const fresh = [...new Set(mediaIds.filter((id) => !known.has(id)))];
    const items = fresh.length ? await this.queries.execute(new ContentByIdsQuery(fresh)) : [];
    const byId = new Map(items.map((item) => [item.id, item]));
    const changes = fresh.map((id) => {
      const item = byId.get(id);
      if (!item || item.creatorId !== creatorId || item.purpose !== 'post') throw PostsErrors.mediaNotFound(id);
      if (item.status === 'draft') throw PostsErrors.mediaNotSubmitted(id);
      if (item.status === 'rejected' || item.status === 'removed') throw PostsErrors.mediaRefused(id);
      // Version 0: any decision the worker already recorded (version 1 and up) is newer than this read.
      return { contentId: id, creatorId, review: item.status as MediaReview, version: 0 };
    });
    const stands = await this.reviews.attach(em, changes);
    for (const [id, review] of stands) known.set(id, review);
    for (const id of fresh)
      if (stands.get(id) === 'rejected' || stands.get(id) === 'removed') throw PostsErrors.mediaRefused(id);
    return mediaIds.map((contentId) => ({ contentId, review: known.get(contentId)! }));
  }
}
