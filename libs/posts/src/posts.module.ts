import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { AgeCheckCookie } from '#app/commerce';
import { CreatePostMediaHandler } from './commands/create-post-media/create-post-media.handler.js';
import { CreatePostHandler, EditPostHandler } from './commands/write-post/write-post.handler.js';
import { PostMediaResolver } from './commands/write-post/post-media-resolver.js';
import { DeletePostHandler } from './commands/delete-post/delete-post.handler.js';
import { PinPostHandler } from './commands/pin-post/pin-post.handler.js';
import {
  CommentOnPostHandler,
  DeleteCommentHandler,
  HideCommentHandler,
  LikePostHandler,
} from './commands/react/react.handler.js';
import { RecordPostMediaReviewJob } from './commands/record-media-review/record-media-review.job.js';
import {
  FeedHandler,
  GetPostHandler,
  MyPostsHandler,
  PostCommentsHandler,
  StorePostsHandler,
} from './queries/post-query.handlers.js';
import { PostMediaFactsHandler } from './queries/post-media-facts/post-media-facts.handler.js';
import { PostOfferHandler } from './queries/post-offer/post-offer.handler.js';
import { PostReader } from './queries/post-views/post-reader.js';
import { PostViews } from './queries/post-views/post-views.js';
import { MediaReviewRepository } from './repositories/media-review.repository.js';
import { PostRepository } from './repositories/post.repository.js';
import { ReactionsRepository } from './repositories/reactions.repository.js';
import { FeedController, PostsController } from './http/posts.controller.js';
import { PostNotices } from './realtime/post-notices.js';
import { PostsTopicPolicy } from './realtime/posts-topic.policy.js';

const repositories = [PostRepository, MediaReviewRepository, ReactionsRepository];

/**
 * Posts and the feed (issue 35): creators' posts with reviewed media, free, for subscribers or pay
 * to unlock; the store's posts, a member's feed, likes and comments. The entitlement service asks
 * here whether a post opens its items for a viewer, and commerce's checkout what a post sells for.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [PostsController, FeedController],
  providers: [
    ...repositories,
    AgeCheckCookie,
    PostNotices,
    PostsTopicPolicy,
    PostViews,
    PostReader,
    PostMediaResolver,
    CreatePostMediaHandler,
    CreatePostHandler,
    EditPostHandler,
    DeletePostHandler,
    PinPostHandler,
    LikePostHandler,
    CommentOnPostHandler,
    HideCommentHandler,
    DeleteCommentHandler,
    FeedHandler,
    StorePostsHandler,
    MyPostsHandler,
    GetPostHandler,
    PostCommentsHandler,
    PostMediaFactsHandler,
    PostOfferHandler,
  ],
})
export class PostsModule {}

/** The worker's half: posts follow content-moderation's decisions on their media. */
@Module({
  providers: [...repositories, PostNotices, RecordPostMediaReviewJob],
})
export class PostsJobsModule {}
