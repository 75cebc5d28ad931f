import { Query } from '@nestjs/cqrs';
import type { PostViewer, PostView, CommentView } from './post-views/post-views.js';

export interface PostPage {
  posts: PostView[];
  nextCursor: string | null;
}

/** A feed page, with the creators whose `posts:<id>` topics carry its live "new posts" notice. */
export interface FeedPage extends PostPage {
  creatorIds: string[];
}

export interface CommentPage {
  comments: CommentView[];
  nextCursor: string | null;
}

/** The signed-in member's feed: published posts of the stores they follow or subscribe to, newest first. */
export class FeedQuery extends Query<FeedPage> {
  constructor(
    readonly viewer: PostViewer & { actor: NonNullable<PostViewer['actor']> },
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

/** A store's published posts (pinned first on the first page), as its page shows them to this visitor. */
export class StorePostsQuery extends Query<PostPage> {
  constructor(
    readonly slug: string,
    readonly viewer: PostViewer,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

/** The creator's own posts in every status, newest first. */
export class MyPostsQuery extends Query<PostPage> {
  constructor(
    readonly creatorId: string,
    readonly viewer: PostViewer,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

/** One post for this viewer (404 unless published or theirs). */
export class GetPostQuery extends Query<PostView> {
  constructor(
    readonly postId: string,
    readonly viewer: PostViewer,
  ) {
    super();
  }
}

/** A post's comments, oldest first; hidden ones only for their author and the creator. */
export class PostCommentsQuery extends Query<CommentPage> {
  constructor(
    readonly postId: string,
    readonly viewer: PostViewer,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
