import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type OneTimeTokenKind = 'signup' | 'recovery' | 'email_change' | 'email_change_current' | 'reauthentication';

@Entity({ tableName: 'one_time_tokens' })
export class OneTimeToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  kind!: OneTimeTokenKind;

  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the link belongs to a PKCE flow: redeeming it yields an auth code, not a session. */
  @Property({ type: 'uuid', nullable: true })
  flowStateId: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
