import { timeOfId } from './message-ids.js';
import { MessageRules } from './message-rules.js';

export type MemberRole = 'fan' | 'creator';

export interface ConversationMemberState {
  userId: string;
  role: MemberRole;
  /** Messages from the other side after the read position. */
  unreadCount: number;
  lastReadMessageId: string | null;
  lastReadAt: Date | null;
  /** Muted: no notifications and not in the badge total. */
  mutedAt: Date | null;
  /** This member blocked the other side. */
  blockedAt: Date | null;
}

export interface ConversationState {
  id: string;
  fanId: string;
  creatorId: string;
  /** Who opened it: a creator who writes first invites the fan's replies. */
  startedBy: string;
  createdAt: Date;
  lastActivityAt: Date;
  lastMessageId: string | null;
  lastMessageAt: Date | null;
  lastSenderId: string | null;
  lastPreview: string | null;
  members: ConversationMemberState[];
}

/** A message that reached the other member: whose badge grows, to what. */
export interface Arrival {
  recipientId: string;
  recipientUnread: number;
  recipientMuted: boolean;
}

const member = (userId: string, role: MemberRole): ConversationMemberState => ({
  userId,
  role,
  unreadCount: 0,
  lastReadMessageId: null,
  lastReadAt: null,
  mutedAt: null,
  blockedAt: null,
});

/** A message's place in a conversation: (time, id), as the lists sort them. */
export interface ReadPosition {
  id: string;
  at: Date;
}

const isAfter = (a: ReadPosition, b: ReadPosition) =>
  a.at.getTime() > b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.id > b.id);

/** A sender may write: they did not block the other side, and were not blocked. */
export function assertOpenFor(
  members: readonly Pick<ConversationMemberState, 'userId' | 'blockedAt'>[],
  senderId: string,
): void {
  if (members.find((one) => one.userId === senderId)?.blockedAt) throw MessageRules.youBlocked();
  if (members.some((one) => one.userId !== senderId && one.blockedAt)) throw MessageRules.blocked();
}

/**
 * The one conversation of a fan and a creator, with its two members. A block by either member closes
 * it to every message (checked where the message is stored, under the conversation's lock); a message
 * that arrives grows the recipient's unread count and leads the conversation's list entry.
 */
export class Conversation {
  private constructor(private readonly state: ConversationState) {}

  /** Opened by one of its two members, who are two people. */
  static open(input: { id: string; fanId: string; creatorId: string; startedBy: string; at: Date }): Conversation {
    if (input.fanId === input.creatorId) throw MessageRules.ownConversation();
    if (input.startedBy !== input.fanId && input.startedBy !== input.creatorId) throw MessageRules.notAMember();
    return new Conversation({
      id: input.id,
      fanId: input.fanId,
      creatorId: input.creatorId,
      startedBy: input.startedBy,
      createdAt: input.at,
      lastActivityAt: input.at,
      lastMessageId: null,
      lastMessageAt: null,
      lastSenderId: null,
      lastPreview: null,
      members: [member(input.fanId, 'fan'), member(input.creatorId, 'creator')],
    });
  }

  static restore(state: ConversationState): Conversation {
    return new Conversation({ ...state, members: state.members.map((one) => ({ ...one })) });
  }

  snapshot(): ConversationState {
    return { ...this.state, members: this.state.members.map((one) => ({ ...one })) };
  }

  get id(): string {
    return this.state.id;
  }

  get fanId(): string {
    return this.state.fanId;
  }

  get creatorId(): string {
    return this.state.creatorId;
  }

  get startedBy(): string {
    return this.state.startedBy;
  }

  memberRole(userId: string): MemberRole | null {
    return userId === this.state.fanId ? 'fan' : userId === this.state.creatorId ? 'creator' : null;
  }

  otherMember(userId: string): string {
    return userId === this.state.fanId ? this.state.creatorId : this.state.fanId;
  }

  /** Either member blocked the other: no message, tip or held message is delivered, no unlock is sold. */
  get blocked(): boolean {
    return this.state.members.some((one) => one.blockedAt !== null);
  }

  /** A sender may write: they did not block the other side, and were not blocked. */
  assertOpenFor(senderId: string): void {
    assertOpenFor(this.state.members, senderId);
  }

  /** A message from `senderId` reached the other member: their unread count grows, and it leads the conversation. */
  receive(message: { id: string; senderId: string; at: Date; preview: string }): Arrival {
    this.assertOpenFor(message.senderId);
    const recipient = this.memberOf(this.otherMember(message.senderId))!;
    recipient.unreadCount += 1;
    this.state.lastActivityAt = message.at;
    this.state.lastMessageId = message.id;
    this.state.lastMessageAt = message.at;
    this.state.lastSenderId = message.senderId;
    this.state.lastPreview = message.preview;
    return {
      recipientId: recipient.userId,
      recipientUnread: recipient.unreadCount,
      recipientMuted: recipient.mutedAt !== null,
    };
  }

  /** The other member's badge as it stands (a held message grows nothing). */
  recipientOf(senderId: string): Arrival {
    const recipient = this.memberOf(this.otherMember(senderId))!;
    return {
      recipientId: recipient.userId,
      recipientUnread: recipient.unreadCount,
      recipientMuted: recipient.mutedAt !== null,
    };
  }

  /** `userId` blocks (or unblocks) the other side. Answers whether anything changed; a second block keeps the first one's time. */
  block(userId: string, blocked: boolean, at: Date): boolean {
    const one = this.memberOf(userId);
    if (!one) return false;
    const was = one.blockedAt !== null;
    if (blocked && !was) one.blockedAt = at;
    if (!blocked) one.blockedAt = null;
    return blocked !== was;
  }

  /** `userId` mutes (or unmutes) the conversation: no notifications, out of their badge. Answers whether anything changed. */
  mute(userId: string, muted: boolean, at: Date): boolean {
    const one = this.memberOf(userId);
    if (!one || muted === (one.mutedAt !== null)) return false;
    one.mutedAt = muted ? at : null;
    return true;
  }

  /** Whether naming this message moves `userId`'s read position forward (it never moves back). */
  readsPast(userId: string, position: ReadPosition): boolean {
    const current = this.memberOf(userId)?.lastReadMessageId;
    return !current || isAfter(position, { id: current, at: timeOfId(current)! });
  }

  /** `userId` read up to this message: their position moves there, and their unread count is what is left after it. */
  markRead(userId: string, position: ReadPosition, unreadAfter: number, at: Date): boolean {
    const one = this.memberOf(userId);
    if (!one || !this.readsPast(userId, position)) return false;
    one.lastReadMessageId = position.id;
    one.lastReadAt = at;
    one.unreadCount = unreadAfter;
    return true;
  }

  /** Where `userId` read up to, and what they have not read. */
  readStateOf(userId: string): { lastReadMessageId: string | null; unreadCount: number } {
    const one = this.memberOf(userId);
    return { lastReadMessageId: one?.lastReadMessageId ?? null, unreadCount: one?.unreadCount ?? 0 };
  }

  /** What `userId` has not read here. */
  unreadOf(userId: string): number {
    return this.memberOf(userId)?.unreadCount ?? 0;
  }

  private memberOf(userId: string): ConversationMemberState | undefined {
    return this.state.members.find((one) => one.userId === userId);
  }
}
