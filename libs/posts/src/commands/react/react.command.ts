import { Command } from '@nestjs/cqrs';
import type { CommentView } from '../../queries/post-views/post-views.js';

/** Who reacts: their account, and whether this browser passed the age check (an adult store's gate). */
export interface Reactor {
  userId: string;
  ageChecked: boolean;
}

/** A signed-in member who may see the post likes it or takes the like back (idempotent). */
export class LikePostCommand extends Command<{ likes: number; likedByMe: boolean }> {
  constructor(
    readonly reactor: Reactor,
    readonly postId: string,
    readonly liked: boolean,
  ) {
    super();
  }
}

/** A signed-in member who may see the post comments on it, unless comments are off or the creator blocked them. */
export class CommentOnPostCommand extends Command<CommentView> {
  constructor(
    readonly reactor: Reactor,
    readonly postId: string,
    readonly text: string,
  ) {
    super();
  }
}

/** The post's creator hides a comment (its author still sees it) or shows it again. */
export class HideCommentCommand extends Command<CommentView> {
  constructor(
    readonly creatorId: string,
    readonly postId: string,
    readonly commentId: string,
    readonly hidden: boolean,
  ) {
    super();
  }
}

/** The comment's author or the post's creator deletes a comment. */
export class DeleteCommentCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly commentId: string,
  ) {
    super();
  }
}
