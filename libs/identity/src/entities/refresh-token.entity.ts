import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  /** SHA-256 of the token; the token itself is only ever in the client's hands. */
  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'text', nullable: true })
  parentHash: string | null = null;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'uuid' })
  sessionId!: string;

  @Property({ type: 'boolean' })
  revoked = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
