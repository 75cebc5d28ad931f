import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ConsentRecord } from '../entities/consent-record.entity.js';
import { PolicyVersion } from '../entities/policy-version.entity.js';
import { ConsentRecordRepository, type ConsentRecordValue } from './consent-record.repository.js';

const toValue = (record: ConsentRecord): ConsentRecordValue => ({
  userId: record.userId,
  consentType: record.consentType,
  version: record.version,
  granted: record.granted,
  ipAddress: record.ipAddress,
  userAgent: record.userAgent,
  clientIpAddress: record.clientIpAddress,
  clientUserAgent: record.clientUserAgent,
  recordedAt: new Date(record.recordedAt),
});

@Injectable()
export class PostgresConsentRecordRepository extends ConsentRecordRepository {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  async isPolicyVersion(consentType: string, version: string): Promise<boolean> {
    return (await this.orm.em.fork().count(PolicyVersion, { consentType, version })) > 0;
  }

  async record(records: readonly ConsentRecordValue[]): Promise<void> {
    const em = this.orm.em.fork();
    for (const record of records) em.persist(em.create(ConsentRecord, { ...record } as never));
    await em.flush();
  }

  async ofUser(userId: string): Promise<ConsentRecordValue[]> {
    const records = await this.orm.em
      .fork()
      .find(ConsentRecord, { userId }, { orderBy: { recordedAt: 'asc', id: 'asc' } });
    return records.map(toValue);
  }

  async forgetOrigins(em: EntityManager, userId: string): Promise<void> {
    await em.execute(
      `update consent_records set ip_address = null, user_agent = null, client_ip_address = null, client_user_agent = null
        where user_id = ? and (ip_address is not null or user_agent is not null or client_ip_address is not null or client_user_agent is not null)`,
      [userId],
    );
  }
}
