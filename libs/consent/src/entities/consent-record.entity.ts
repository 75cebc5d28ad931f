import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'consent_records' })
export class ConsentRecord {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  consentType!: string;

  @Property({ type: 'text' })
  version!: string;

  @Property({ type: 'boolean' })
  granted = true;

  /** As seen by the server; the client's own claims are kept beside, never instead. */
  @Property({ type: 'text', nullable: true })
  ipAddress: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'text', nullable: true })
  clientIpAddress: string | null = null;

  @Property({ type: 'text', nullable: true })
  clientUserAgent: string | null = null;

  @Property({ type: 'timestamptz' })
  recordedAt: Date = new Date();
}
