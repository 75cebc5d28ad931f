import { VerificationSubmission } from './entities/verification-submission.entity.js';
import { Migration20261126203700VerificationRetention } from './database/migrations/20261126203700-verification-retention.migration.js';
import { Migration20261122000500Verification } from './database/migrations/20261122000500-verification.migration.js';

export { VerificationModule, VerificationJobsModule } from './verification.module.js';
export { PurgeRetainedRecordsJob } from './commands/purge-retained-records/purge-retained-records.job.js';
export {
  VerificationStatusQuery,
  type VerificationStatusView,
} from './queries/verification-status/verification-status.query.js';
export const verificationEntities = [VerificationSubmission];
export const verificationMigrations = [
  Migration20261122000500Verification,
  Migration20261126203700VerificationRetention,
];
export { VerificationErasure, RECORD_RETENTION_YEARS } from './commands/erase-verification/verification-erasure.js';
export { SubmitVerificationCommand } from './commands/submit-verification/submit-verification.command.js';
export { ReviewVerificationCommand } from './commands/review-verification/review-verification.command.js';
export { ReviewQueueQuery } from './queries/review-queue/review-queue.query.js';
