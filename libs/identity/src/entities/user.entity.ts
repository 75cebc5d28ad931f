import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type AppRole = 'fan' | 'creator' | 'moderator' | 'admin';

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', hidden: true })
  encryptedPassword!: string;

  @Property({ type: 'text' })
  appRole: AppRole = 'fan';

  @Property({ type: 'timestamptz', nullable: true })
  emailConfirmedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  confirmationSentAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  recoverySentAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null = null;

  /** A new address waiting for its confirmation link to be opened. */
  @Property({ type: 'text', nullable: true })
  emailChange: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  emailChangeSentAt: Date | null = null;

  /** How many of the email change's two links (current and new address) were opened: 0 or 1. */
  @Property({ type: 'smallint' })
  emailChangeConfirmStatus = 0;

  /** Set when the account was deleted: the row stays, anonymised, for the ledger and purchases it owns. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;

  @Property({ type: 'json' })
  userMetadata: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
