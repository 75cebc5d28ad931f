import { Inject, Injectable, Logger } from '@nestjs/common';
import { RealtimePublisher } from '#app/realtime';

/** The live notice a store's followers hear when a post appears (after the commit that published it). */
export interface PostPublishedNotice {
  postId: string;
  creatorId: string;
  publishedAt: string;
}

@Injectable()
export class PostNotices {
  private readonly logger = new Logger(PostNotices.name);

  constructor(@Inject(RealtimePublisher) private readonly publisher: RealtimePublisher) {}

  /** Best effort: a page that missed it finds the post when it loads. */
  async published(notice: PostPublishedNotice): Promise<void> {
    try {
      await this.publisher.publish(`posts:${notice.creatorId}`, 'post.published', { ...notice });
    } catch (error) {
      this.logger.warn(`publish post.published on posts:${notice.creatorId} failed: ${(error as Error).message}`);
    }
  }
}
