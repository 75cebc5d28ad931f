import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ConsentRecordRepository } from '../../repositories/consent-record.repository.js';
import { ListConsentRecordsQuery, type ConsentRecordView } from './list-consent-records.query.js';

@QueryHandler(ListConsentRecordsQuery)
export class ListConsentRecordsHandler implements IQueryHandler<ListConsentRecordsQuery> {
  constructor(@Inject(ConsentRecordRepository) private readonly records: ConsentRecordRepository) {}

  async execute({ userId }: ListConsentRecordsQuery): Promise<ConsentRecordView[]> {
    return (await this.records.ofUser(userId)).map((record) => ({
      consentType: record.consentType,
      version: record.version,
      granted: record.granted,
      ipAddress: record.ipAddress,
      userAgent: record.userAgent,
      recordedAt: record.recordedAt.toISOString(),
    }));
  }
}
