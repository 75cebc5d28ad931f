import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type Aal = 'aal1' | 'aal2';

@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  aal: Aal = 'aal1';

  @Property({ type: 'uuid', nullable: true })
  factorId: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  notAfter: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  refreshedAt: Date | null = null;

  /** Last proof of identity in this session (password, TOTP, recovery code, re-authentication); a refresh keeps it. */
  @Property({ type: 'timestamptz', nullable: true })
  authenticatedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
