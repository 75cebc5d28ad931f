import { Migration20261207170000PostMedia } from './database/migrations/20261207170000-post-media.migration.js';
import { Migration20261122000600ModerationCases } from './database/migrations/20261122000600-moderation-cases.migration.js';
import { Migration20261122000800Content } from './database/migrations/20261122000800-content.migration.js';
import { Migration20261122000900Collaborations } from './database/migrations/20261122000900-collaborations.migration.js';
import { Migration20261122001000ContentPreview } from './database/migrations/20261122001000-content-preview.migration.js';
import { Migration20261126100000ContentRevision } from './database/migrations/20261126100000-content-revision.migration.js';
import { Migration20261126200000AlbumPresentation } from './database/migrations/20261126200000-album-presentation.migration.js';
import { Migration20261203090000MessageMedia } from './database/migrations/20261203090000-message-media.migration.js';

export { ContentModerationModule, ContentModerationJobsModule } from './content-moderation.module.js';
export { contentModerationEntities } from './entities/index.js';
export { DeadlineWatch } from './jobs/deadline-watch.js';
export { ComplianceReports } from './jobs/compliance-reports.js';
export { MediaProcessor } from './jobs/media-processor.js';
export { uploadsHandler, UPLOADS_PATH } from './uploads/uploads.js';
export { UploadLocker, UPLOAD_LOCK_NAMESPACE } from './uploads/upload-locker.js';
export {
  ApprovedContentQuery,
  ContentByIdQuery,
  ContentByIdsQuery,
  type ContentView,
  type PublicContentView,
} from './queries/content/content.query.js';
export { ContentListDto, ContentViewDto, ManagedContentViewDto, MediaViewDto } from './http/content.dto.js';
export const contentModerationMigrations = [
  Migration20261122000600ModerationCases,
  Migration20261122000800Content,
  Migration20261122000900Collaborations,
  Migration20261122001000ContentPreview,
  Migration20261126100000ContentRevision,
  Migration20261126200000AlbumPresentation,
  Migration20261203090000MessageMedia,
  Migration20261207170000PostMedia,
];
export { ReviewCountsQuery, type ReviewCountsView } from './queries/review-counts/review-counts.query.js';
export { StoreNamesQuery, type StoreName } from './queries/collaborations/store-names.query.js';
export { RequestCollaborationCommand } from './commands/collaborations/collaborations.command.js';
export { CreateContentCommand, SubmitContentCommand } from './commands/manage-content/manage-content.command.js';
export { AttachMediaCommand } from './commands/attach-media/attach-media.command.js';
export { ReviewContentCommand } from './commands/review-content/review-content.command.js';
export { MyContentQuery } from './queries/content/content.query.js';
export { OpenCaseCommand } from './commands/open-case/open-case.command.js';
export { REPORT_REASONS, type ReportReason } from './entities/moderation-case.entity.js';
export type { ContentPurpose } from './entities/content-item.entity.js';
