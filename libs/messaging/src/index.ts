import { Migration20261203100000Messaging } from './database/migrations/20261203100000-messaging.migration.js';
import { Migration20261204100000MessageUnlocks } from './database/migrations/20261204100000-message-unlocks.migration.js';
import { Migration20261206090000MessageDigests } from './database/migrations/20261206090000-message-digests.migration.js';
import { Migration20261205100000MassMessages } from './database/migrations/20261205100000-mass-messages.migration.js';
import { Migration20261205100000PaidMessages } from './database/migrations/20261205100000-paid-messages.migration.js';
import { Migration20261206140000MessageFees } from './database/migrations/20261206140000-message-fees.migration.js';

export { MessagingModule, MessagingJobsModule } from './messaging.module.js';
export { messagingEntities } from './entities/index.js';
/** The person's own conversations for their account export (account asks; messaging answers). */
export { ExportMessagesQuery, type ExportedConversation } from './queries/export-messages/export-messages.query.js';
export { ONE_CLICK_UNSUBSCRIBE_PATH } from './http/messaging-preferences.controller.js';
export { ConversationTopicPolicy } from './realtime/conversation-topic.policy.js';
/** The worker's consumer of content-moderation's review events: exported for its own tests. */
export { RecordMediaReviewJob } from './commands/record-media-review/record-media-review.job.js';
/** The unread-messages digest's jobs: exported for their tests. */
export { SendMessageDigestsJob } from './commands/send-message-digest/send-message-digests.job.js';
export { SendMessageDigestJob } from './commands/send-message-digest/send-message-digest.job.js';
/** The worker's delivery of mass messages: exported for its own tests (pages run one by one). */
export { FanOutMassMessageJob } from './commands/fan-out-mass-message/fan-out-mass-message.job.js';
/** The worker's follower of commerce's message purchases: exported for its own tests. */
export { FollowMessagePurchaseJob } from './commands/follow-message-purchase/follow-message-purchase.job.js';
export const messagingMigrations = [
  Migration20261203100000Messaging,
  Migration20261204100000MessageUnlocks,
  Migration20261205100000PaidMessages,
  Migration20261205100000MassMessages,
  Migration20261206090000MessageDigests,
  Migration20261206140000MessageFees,
];
