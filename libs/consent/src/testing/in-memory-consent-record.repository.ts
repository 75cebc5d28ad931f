import type { EntityManager } from '@mikro-orm/postgresql';
import { ConsentRecordRepository, type ConsentRecordValue } from '../repositories/consent-record.repository.js';

/** There is no entity manager in memory: anything but this repository that is handed one fails at once. */
const NO_ENTITY_MANAGER = new Proxy({} as EntityManager, {
  get: (_target, property) => {
    throw new Error(`the in-memory consent repository has no entity manager (${String(property)} was asked for)`);
  },
});

/** The policy versions the consent migration publishes. */
const PUBLISHED = ['terms_of_service@1.0.0', 'privacy_policy@1.0.0', 'marketing_emails@1.0.0'];

/**
 * Consent records in memory, for millisecond handler specs. It passes the same contract suite as the
 * PostgreSQL adapter; like the table's foreign key, it refuses a record of an unpublished policy version.
 */
export class InMemoryConsentRecordRepository extends ConsentRecordRepository {
  private records: ConsentRecordValue[] = [];
  private readonly policies = new Set(PUBLISHED);

  /** Every stored record, for assertions. */
  all(): ConsentRecordValue[] {
    return this.records.map((record) => ({ ...record }));
  }

  async transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const before = this.all();
    try {
      return await work(NO_ENTITY_MANAGER);
    } catch (error) {
      this.records = before;
      throw error;
    }
  }

  async isPolicyVersion(consentType: string, version: string): Promise<boolean> {
    return this.policies.has(`${consentType}@${version}`);
  }

  async record(records: readonly ConsentRecordValue[]): Promise<void> {
    const unknown = records.find((record) => !this.policies.has(`${record.consentType}@${record.version}`));
    if (unknown) throw new Error(`insert or update on table "consent_records" violates foreign key constraint`);
    this.records.push(...records.map((record) => ({ ...record })));
  }

  async ofUser(userId: string): Promise<ConsentRecordValue[]> {
    return this.all()
      .filter((record) => record.userId === userId)
      .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  }

  async forgetOrigins(_em: EntityManager, userId: string): Promise<void> {
    this.records = this.records.map((record) =>
      record.userId === userId
        ? { ...record, ipAddress: null, userAgent: null, clientIpAddress: null, clientUserAgent: null }
        : record,
    );
  }
}
