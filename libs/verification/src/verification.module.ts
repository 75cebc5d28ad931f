import { VerificationErasure } from './commands/erase-verification/verification-erasure.js';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { SubmitVerificationHandler } from './commands/submit-verification/submit-verification.handler.js';
import { ReviewVerificationHandler } from './commands/review-verification/review-verification.handler.js';
import { VerificationStatusHandler } from './queries/verification-status/verification-status.handler.js';
import { ReviewItemHandler, ReviewQueueHandler } from './queries/review-queue/review-queue.handler.js';
import { VerificationController } from './http/verification.controller.js';
import { AdminVerificationsController, VerificationImagesController } from './http/admin-verifications.controller.js';
import { IdImageFactsHandler } from './queries/id-image-facts/id-image-facts.handler.js';
import { PurgeRetainedRecordsJob } from './commands/purge-retained-records/purge-retained-records.job.js';
import { VerificationOwners } from './review/verification-owners.js';

/** Creator and referrer identity checks (SPEC §2 Verification) and their review by moderators. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [VerificationController, AdminVerificationsController, VerificationImagesController],
  providers: [
    VerificationOwners,
    IdImageFactsHandler,
    SubmitVerificationHandler,
    ReviewVerificationHandler,
    VerificationStatusHandler,
    ReviewQueueHandler,
    ReviewItemHandler,
    VerificationErasure,
  ],
  exports: [VerificationErasure],
})
export class VerificationModule {}

/** The worker's half: ID records whose legal retention ended are purged. */
@Module({
  providers: [PurgeRetainedRecordsJob],
})
export class VerificationJobsModule {}
