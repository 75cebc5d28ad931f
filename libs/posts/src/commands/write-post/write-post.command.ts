import { Command } from '@nestjs/cqrs';
import type { PostAudience } from '../../domain/post.js';
import type { PostView } from '../../queries/post-views/post-views.js';

export interface PostFields {
  text: string;
  audience: PostAudience;
  priceMinor: number | null;
  mediaIds: string[];
}

/** A creator publishes a post on their store (at once, or once its media are approved). */
export class CreatePostCommand extends Command<PostView> {
  constructor(
    readonly creatorId: string,
    readonly fields: PostFields,
    readonly commentsEnabled: boolean,
  ) {
    super();
  }
}

/** The creator changes what a post says or carries (fields left out stay as they are). */
export class EditPostCommand extends Command<PostView> {
  constructor(
    readonly creatorId: string,
    readonly postId: string,
    readonly fields: Partial<PostFields>,
    readonly commentsEnabled: boolean | undefined,
  ) {
    super();
  }
}
