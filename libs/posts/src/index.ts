import { Migration20261207180000Posts } from './database/migrations/20261207180000-posts.migration.js';

export { PostsModule, PostsJobsModule } from './posts.module.js';
/** The worker's follower of content-moderation's decisions on post media: exported for its own tests. */
export { RecordPostMediaReviewJob } from './commands/record-media-review/record-media-review.job.js';
export const postsMigrations = [Migration20261207180000Posts];
/** The use cases the demo marketplace seeds posts through (libs/demo). */
export { CreatePostMediaCommand } from './commands/create-post-media/create-post-media.command.js';
export { CreatePostCommand } from './commands/write-post/write-post.command.js';
export { PinPostCommand } from './commands/pin-post/pin-post.command.js';
export { MyPostsQuery } from './queries/post-queries.js';
