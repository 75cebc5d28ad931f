import { Migration20261122000600ModerationCases } from './database/migrations/20261122000600-moderation-cases.migration.js';
import { Migration20261122000800Content } from './database/migrations/20261122000800-content.migration.js';
import { Migration20261122000900Collaborations } from './database/migrations/20261122000900-collaborations.migration.js';
import { Migration20261122001000ContentPreview } from './database/migrations/20261122001000-content-preview.migration.js';
import { Migration20261126100000ContentRevision } from './database/migrations/20261126100000-content-revision.migration.js';
import { Migration20261126200000AlbumPresentation } from './database/migrations/20261126200000-album-presentation.migration.js';

export { ContentModerationModule, ContentModerationJobsModule } from './content-moderation.module.js';
export { contentModerationEntities } from './entities/index.js';
export { DeadlineWatch } from './jobs/deadline-watch.js';
export { ComplianceReports } from './jobs/compliance-reports.js';
export { MediaProcessor } from './jobs/media-processor.js';
export { uploadsHandler, UPLOADS_PATH } from './uploads/uploads.js';
export { ApprovedContentQuery, ContentByIdQuery, type ContentView, type PublicContentView } from './queries/content/content.query.js';
export { ContentListDto, ContentViewDto, ManagedContentViewDto, MediaViewDto } from './http/content.dto.js';
export const contentModerationMigrations = [Migration20261122000600ModerationCases, Migration20261122000800Content, Migration20261122000900Collaborations, Migration20261122001000ContentPreview, Migration20261126100000ContentRevision, Migration20261126200000AlbumPresentation];
export { StoreNamesQuery, type StoreName } from './queries/collaborations/store-names.query.js';
export { RequestCollaborationCommand } from './commands/collaborations/collaborations.command.js';
