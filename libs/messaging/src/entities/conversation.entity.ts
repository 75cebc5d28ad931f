import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

/** The one conversation of a fan and a creator (about the creator's store). */
@Entity({ tableName: 'conversations' })
export class Conversation {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  fanId!: string;

  @Property({ type: 'uuid' })
  creatorId!: string;

  /** Who opened it: a creator who writes first invites the fan's replies. */
  @Property({ type: 'uuid' })
  startedBy!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  /** What the lists sort by: the last message, else the opening. */
  @Property({ type: 'timestamptz' })
  lastActivityAt!: Date;

  @Property({ type: 'uuid', nullable: true })
  lastMessageId: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastMessageAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  lastSenderId: string | null = null;

  @Property({ type: 'text', nullable: true })
  lastPreview: string | null = null;

  memberRole(userId: string): 'fan' | 'creator' | null {
    return userId === this.fanId ? 'fan' : userId === this.creatorId ? 'creator' : null;
  }

  otherMember(userId: string): string {
    return userId === this.fanId ? this.creatorId : this.fanId;
  }
}
