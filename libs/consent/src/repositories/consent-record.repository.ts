import type { EntityManager } from '@mikro-orm/postgresql';

/** One consent as recorded: what was agreed to, which version, when, and from where. */
export interface ConsentRecordValue {
  userId: string;
  consentType: string;
  version: string;
  granted: boolean;
  /** The address and user agent the server saw. */
  ipAddress: string | null;
  userAgent: string | null;
  /** What the client said about itself. */
  clientIpAddress: string | null;
  clientUserAgent: string | null;
  recordedAt: Date;
}

/**
 * `consent_records` and the policy versions they point at. Takes and returns domain values. Two
 * adapters pass one contract (testing/consent-record-repository.contract.ts): PostgreSQL and in memory.
 */
export abstract class ConsentRecordRepository {
  /** Runs `work` in a transaction of its own; the entity manager it gets is the one to write with. */
  abstract transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;

  /** Whether `version` of the `consentType` policy was published. */
  abstract isPolicyVersion(consentType: string, version: string): Promise<boolean>;

  /** Writes the records together: all of them or, when one is refused, none. */
  abstract record(records: readonly ConsentRecordValue[]): Promise<void>;

  /** The user's records, oldest first. */
  abstract ofUser(userId: string): Promise<ConsentRecordValue[]>;

  /** Clears where the user's records were agreed from (IP addresses, user agents); what, which version and when stay. */
  abstract forgetOrigins(em: EntityManager, userId: string): Promise<void>;
}
