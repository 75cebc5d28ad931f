import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';

/** One side of a conversation: their read position, unread counter, mute and block. */
@Entity({ tableName: 'conversation_members' })
export class ConversationMember {
  @PrimaryKey({ type: 'uuid' })
  conversationId!: string;

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  role!: 'fan' | 'creator';

  /** Messages from the other side after the read position; kept by sends and reads under the conversation's row lock. */
  @Property({ type: 'integer' })
  unreadCount: Opt<number> = 0;

  @Property({ type: 'uuid', nullable: true })
  lastReadMessageId: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastReadAt: Date | null = null;

  /** Muted: no notifications and not in the badge total; the conversation still counts its unread. */
  @Property({ type: 'timestamptz', nullable: true })
  mutedAt: Date | null = null;

  /** This member blocked the other side. */
  @Property({ type: 'timestamptz', nullable: true })
  blockedAt: Date | null = null;
}
