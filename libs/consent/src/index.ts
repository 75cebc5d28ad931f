import { ConsentRecord } from './entities/consent-record.entity.js';
import { PolicyVersion } from './entities/policy-version.entity.js';
import { Migration20261121000200Consent } from './database/migrations/20261121000200-consent.migration.js';

export { ConsentModule } from './consent.module.js';
export {
  ListConsentRecordsQuery,
  type ConsentRecordView,
} from './queries/list-consent-records/list-consent-records.query.js';
export const consentEntities = [ConsentRecord, PolicyVersion];
export const consentMigrations = [Migration20261121000200Consent];
export { ConsentErasure } from './commands/anonymise-consents/consent-erasure.js';
