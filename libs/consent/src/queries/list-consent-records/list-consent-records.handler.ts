import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ConsentRecord } from '../../entities/consent-record.entity.js';
import { ListConsentRecordsQuery, type ConsentRecordView } from './list-consent-records.query.js';

@QueryHandler(ListConsentRecordsQuery)
export class ListConsentRecordsHandler implements IQueryHandler<ListConsentRecordsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: ListConsentRecordsQuery): Promise<ConsentRecordView[]> {
    const records = await this.orm.em
      .fork()
      .find(ConsentRecord, { userId }, { orderBy: { recordedAt: 'asc', id: 'asc' } });
    return records.map((record) => ({
      consentType: record.consentType,
      version: record.version,
      granted: record.granted,
      ipAddress: record.ipAddress,
      userAgent: record.userAgent,
      recordedAt: new Date(record.recordedAt).toISOString(),
    }));
  }
}
