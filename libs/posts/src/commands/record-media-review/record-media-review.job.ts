import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { claimMessage, Clock, JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { MediaReviewRepository } from '../../repositories/media-review.repository.js';
import { PostRepository } from '../../repositories/post.repository.js';
import { PostNotices, type PostPublishedNotice } from '../../realtime/post-notices.js';

const CONSUMER = 'posts.media-review';

export type PostMediaReviewOutcome = 'applied' | 'stale' | 'duplicate';

/**
 * Follows content-moderation's decisions on items made for posts: records the newest one, then moves
 * every live post carrying the item (published once all its items are approved, rejected while one
 * is refused). Idempotent (a processed-message row) and order-safe (only a higher version applies);
 * the review row is held while the posts are read, so a post attaching the item right now is either
 * seen here or sees this decision itself.
 */
@Injectable()
@JobHandler('moderation', 'post-media-reviewed')
export class RecordPostMediaReviewJob implements JobProcessor<'moderation', 'post-media-reviewed'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MediaReviewRepository) private readonly reviews: MediaReviewRepository,
    @Inject(PostRepository) private readonly posts: PostRepository,
    @Inject(PostNotices) private readonly notices: PostNotices,
  ) {}

  async handle(data: JobData<'moderation', 'post-media-reviewed'>): Promise<PostMediaReviewOutcome> {
    const published: PostPublishedNotice[] = [];
    const outcome = await this.orm.em.fork().transactional(async (em): Promise<PostMediaReviewOutcome> => {
      if (data.messageId && !(await claimMessage(em, CONSUMER, data.messageId))) return 'duplicate';
      const change = {
        contentId: data.contentId,
        creatorId: data.creatorId,
        review: data.status,
        version: data.version,
      };
      if (!(await this.reviews.record(em, change))) return 'stale';
      const now = this.clock.now();
      for (const post of await this.posts.carrying(em, data.contentId)) {
        const wasPublished = post.snapshot().publishedAt !== null;
        if (!post.mediaReviewed(data.contentId, data.status, now)) continue;
        await this.posts.save(em, post);
        const { publishedAt } = post.snapshot();
        if (!wasPublished && publishedAt)
          published.push({ postId: post.id, creatorId: post.creatorId, publishedAt: publishedAt.toISOString() });
      }
      return 'applied';
    });
    // After the commit: a follower who loads the feed on the notice finds the post.
    for (const notice of published) await this.notices.published(notice);
    return outcome;
  }
}
