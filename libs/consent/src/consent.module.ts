import { ConsentErasure } from './commands/anonymise-consents/consent-erasure.js';
import { ConsentRecordRepository } from './repositories/consent-record.repository.js';
import { PostgresConsentRecordRepository } from './repositories/postgres-consent-record.repository.js';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { RecordConsentHandler } from './commands/record-consent/record-consent.handler.js';
import { RecordConsentController } from './commands/record-consent/record-consent.controller.js';
import { ListConsentRecordsHandler } from './queries/list-consent-records/list-consent-records.handler.js';

@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [RecordConsentController],
  providers: [
    RecordConsentHandler,
    ListConsentRecordsHandler,
    ConsentErasure,
    { provide: ConsentRecordRepository, useClass: PostgresConsentRecordRepository },
  ],
  exports: [ConsentErasure],
})
export class ConsentModule {}
