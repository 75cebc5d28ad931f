import { Command } from '@nestjs/cqrs';
import type { PostView } from '../../queries/post-views/post-views.js';

/** The creator pins a post to the top of their store's posts, or unpins it. */
export class PinPostCommand extends Command<PostView> {
  constructor(
    readonly creatorId: string,
    readonly postId: string,
    readonly pinned: boolean,
  ) {
    super();
  }
}
