import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { OpenCaseHandler } from './commands/open-case/open-case.handler.js';
import { WorkCaseHandler } from './commands/work-case/work-case.handler.js';
import { CaseHandler, CaseQueueHandler } from './queries/case-queue/case-queue.handler.js';
import { AdminModerationController, ModerationController } from './http/moderation.controller.js';
import { DeadlineWatch } from './jobs/deadline-watch.js';
import { ComplianceReports } from './jobs/compliance-reports.js';
import { CheckDeadlinesJob, ComplianceReportsJob } from './jobs/moderation-jobs.js';
import { CreatorCheck } from './commands/manage-content/creator-check.js';
import {
  CreateContentHandler,
  RemoveMediaHandler,
  SubmitContentHandler,
  UpdateContentHandler,
} from './commands/manage-content/manage-content.handler.js';
import {
  ChooseCoverHandler,
  ChooseTeaserHandler,
  ReorderMediaHandler,
} from './commands/arrange-content/arrange-content.handler.js';
import { ReviewContentHandler } from './commands/review-content/review-content.handler.js';
import {
  ApprovedContentHandler,
  ContentByIdHandler,
  ContentByIdsHandler,
  ContentOwnerHandler,
  ContentReviewQueueHandler,
  MyContentHandler,
} from './queries/content/content.handler.js';
import { AdminContentController, ContentController, MediaController } from './http/content.controller.js';
import { BlurredPreviews } from './http/blurred-previews.js';
import { MediaProcessor, ProcessMediaJob } from './jobs/media-processor.js';
import { CaseDeadlineNoticeJob, CaseOpenedNoticeJob, ContentDecidedNoticeJob } from './jobs/live-notices.job.js';
import { CollaboratorCheck } from './commands/review-content/collaborator-check.js';
import {
  DecideCollaborationHandler,
  FileReleaseFormHandler,
  RequestCollaborationHandler,
  SetContentCollaboratorsHandler,
} from './commands/collaborations/collaborations.handler.js';
import { MyCollaborationsHandler } from './queries/collaborations/collaborations.handler.js';
import { ReviewCountsHandler } from './queries/review-counts/review-counts.handler.js';
import {
  ComplianceReportCsvHandler,
  ComplianceReportsHandler,
} from './queries/compliance-reports/compliance-reports.handler.js';
import { CollaborationsController } from './http/collaborations.controller.js';
import { ContentSaleEvents } from './events/content-sale-events.js';
import { AttachMediaHandler } from './commands/attach-media/attach-media.handler.js';
import { ContentOwners } from './review/content-owners.js';

/**
 * Content moderation (SPEC §1, §9): reports reviewed within 48 hours, takedowns within 24 hours,
 * depicted-person appeals within 7 business days, each with its deadline kept by scheduled jobs;
 * monthly compliance reports and quarterly audits.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [
    ModerationController,
    AdminModerationController,
    ContentController,
    AdminContentController,
    MediaController,
    CollaborationsController,
  ],
  providers: [
    ContentOwners,
    OpenCaseHandler,
    WorkCaseHandler,
    CaseQueueHandler,
    CaseHandler,
    DeadlineWatch,
    ComplianceReports,
    ComplianceReportsHandler,
    ComplianceReportCsvHandler,
    CreatorCheck,
    BlurredPreviews,
    CreateContentHandler,
    UpdateContentHandler,
    SubmitContentHandler,
    RemoveMediaHandler,
    AttachMediaHandler,
    ReorderMediaHandler,
    ChooseCoverHandler,
    ChooseTeaserHandler,
    ReviewContentHandler,
    MyContentHandler,
    ReviewCountsHandler,
    ContentByIdHandler,
    ContentByIdsHandler,
    ContentOwnerHandler,
    ContentReviewQueueHandler,
    ApprovedContentHandler,
    CollaboratorCheck,
    RequestCollaborationHandler,
    DecideCollaborationHandler,
    FileReleaseFormHandler,
    SetContentCollaboratorsHandler,
    MyCollaborationsHandler,
    ContentSaleEvents,
  ],
  exports: [DeadlineWatch, ComplianceReports, CreatorCheck],
})
export class ContentModerationModule {}

/** The worker's half: the scheduled deadline and report jobs, media processing, and the live notices of decisions and new cases. */
@Module({
  imports: [CqrsModule],
  providers: [
    DeadlineWatch,
    ComplianceReports,
    CheckDeadlinesJob,
    ComplianceReportsJob,
    MediaProcessor,
    ProcessMediaJob,
    ContentDecidedNoticeJob,
    CaseOpenedNoticeJob,
    CaseDeadlineNoticeJob,
  ],
  exports: [DeadlineWatch, ComplianceReports, MediaProcessor],
})
export class ContentModerationJobsModule {}
