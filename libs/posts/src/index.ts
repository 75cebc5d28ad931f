import { Migration20261207180000Posts } from './database/migrations/20261207180000-posts.migration.js';

export { PostsModule, PostsJobsModule } from './posts.module.js';
/** The worker's follower of content-moderation's decisions on post media: exported for its own tests. */
export { RecordPostMediaReviewJob } from './commands/record-media-review/record-media-review.job.js';
export const postsMigrations = [Migration20261207180000Posts];
