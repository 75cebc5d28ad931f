import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StoreNamesQuery } from '#app/content-moderation';
import { Conversation } from '../entities/conversation.entity.js';
import { ConversationMember } from '../entities/conversation-member.entity.js';
import { MessagingSettingRow } from '../entities/messaging-setting.entity.js';

export interface ConversationView {
  id: string;
  /** The caller's side. */
  myRole: 'fan' | 'creator';
  /** A creator is shown by their store; a fan by a masked handle (never an email). */
  counterpart: { userId: string; name: string; storeSlug: string | null };
  startedAt: string;
  lastActivityAt: string;
  lastMessage: { id: string; senderId: string; preview: string; createdAt: string } | null;
  unreadCount: number;
  muted: boolean;
  blockedByMe: boolean;
  /** Either side blocks the other: nobody sends until it is lifted. */
  closed: boolean;
  /** The last message each side has read (read receipts). */
  myLastReadMessageId: string | null;
  theirLastReadMessageId: string | null;
  /** For a fan: what the creator asks to read a message (null when messages are free). */
  messagePrice: { priceMinor: number; currency: string } | null;
}

/** How creators see a fan: enough to tell regulars apart. */
export const fanHandle = (userId: string) => `fan••${userId.replace(/-/g, '').slice(-4)}`;

/** Builds the caller's view of conversations, with one query per kind of data whatever their number. */
@Injectable()
export class ConversationViews {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async build(em: EntityManager, viewerId: string, conversations: Conversation[]): Promise<ConversationView[]> {
    if (conversations.length === 0) return [];
    const ids = conversations.map((conversation) => conversation.id);
    const members = await em.find(ConversationMember, { conversationId: { $in: ids } });
    const creatorIds = [...new Set(conversations.map((conversation) => conversation.creatorId))];
    const stores = await this.queries.execute(new StoreNamesQuery(creatorIds));
    const prices = await em.find(MessagingSettingRow, { creatorId: { $in: creatorIds }, audience: 'paid' });
    const priceOf = new Map(
      prices.map((row) => [row.creatorId, { priceMinor: Number(row.priceMinor), currency: row.currency! }]),
    );
    return conversations.map((conversation) => {
      const mine = members.find((member) => member.conversationId === conversation.id && member.userId === viewerId)!;
      const theirs = members.find((member) => member.conversationId === conversation.id && member.userId !== viewerId);
      const otherId = conversation.otherMember(viewerId);
      const store = mine.role === 'fan' ? stores[otherId] : undefined;
      return {
        id: conversation.id,
        myRole: mine.role,
        counterpart: {
          userId: otherId,
          name: store?.name ?? (mine.role === 'fan' ? 'Creator' : fanHandle(otherId)),
          storeSlug: store?.slug ?? null,
        },
        startedAt: conversation.createdAt.toISOString(),
        lastActivityAt: conversation.lastActivityAt.toISOString(),
        lastMessage:
          conversation.lastMessageId && conversation.lastMessageAt
            ? {
                id: conversation.lastMessageId,
                senderId: conversation.lastSenderId!,
                preview: conversation.lastPreview ?? '',
                createdAt: conversation.lastMessageAt.toISOString(),
              }
            : null,
        unreadCount: mine.unreadCount,
        muted: mine.mutedAt !== null,
        blockedByMe: mine.blockedAt !== null,
        closed: mine.blockedAt !== null || (theirs?.blockedAt ?? null) !== null,
        myLastReadMessageId: mine.lastReadMessageId,
        theirLastReadMessageId: theirs?.lastReadMessageId ?? null,
        messagePrice: mine.role === 'fan' ? (priceOf.get(conversation.creatorId) ?? null) : null,
      };
    });
  }
}
