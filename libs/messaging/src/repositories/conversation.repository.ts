import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Conversation, type ConversationMemberState, type ConversationState } from '../domain/conversation.js';
import { Conversation as ConversationRecord } from '../entities/conversation.entity.js';
import { ConversationMember } from '../entities/conversation-member.entity.js';
import type { ConversationRepository } from './messaging-store.js';

interface Loaded {
  record: ConversationRecord;
  members: ConversationMember[];
}

const stateOf = ({ record, members }: Loaded): ConversationState => ({
  id: record.id,
  fanId: record.fanId,
  creatorId: record.creatorId,
  startedBy: record.startedBy,
  createdAt: record.createdAt,
  lastActivityAt: record.lastActivityAt,
  lastMessageId: record.lastMessageId,
  lastMessageAt: record.lastMessageAt,
  lastSenderId: record.lastSenderId,
  lastPreview: record.lastPreview,
  // The fan first, as a conversation opens.
  members: [...members]
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'fan' ? -1 : 1))
    .map((member) => ({
      userId: member.userId,
      role: member.role,
      unreadCount: member.unreadCount,
      lastReadMessageId: member.lastReadMessageId,
      lastReadAt: member.lastReadAt,
      mutedAt: member.mutedAt,
      blockedAt: member.blockedAt,
    })),
});

function write(record: ConversationRecord, state: ConversationState): void {
  record.lastActivityAt = state.lastActivityAt;
  record.lastMessageId = state.lastMessageId;
  record.lastMessageAt = state.lastMessageAt;
  record.lastSenderId = state.lastSenderId;
  record.lastPreview = state.lastPreview;
}

function writeMember(member: ConversationMember, state: ConversationMemberState): void {
  member.unreadCount = state.unreadCount;
  member.lastReadMessageId = state.lastReadMessageId;
  member.lastReadAt = state.lastReadAt;
  member.mutedAt = state.mutedAt;
  member.blockedAt = state.blockedAt;
}

/** The PostgreSQL adapter of ConversationRepository, in one transaction's EntityManager (MessagingStore opens it). */
export class PostgresConversationRepository implements ConversationRepository {
  private readonly loaded = new Map<string, Loaded>();

  constructor(private readonly tx: EntityManager) {}

  async find(id: string): Promise<Conversation | null> {
    const record = await this.tx.findOne(ConversationRecord, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!record) return null;
    const members = await this.tx.find(ConversationMember, { conversationId: id });
    this.loaded.set(id, { record, members });
    return Conversation.restore(stateOf({ record, members }));
  }

  async add(conversation: Conversation): Promise<void> {
    const state = conversation.snapshot();
    const record = this.tx.create(ConversationRecord, {
      id: state.id,
      fanId: state.fanId,
      creatorId: state.creatorId,
      startedBy: state.startedBy,
      createdAt: state.createdAt,
      lastActivityAt: state.lastActivityAt,
    });
    write(record, state);
    // The conversation first: its members' rows refer to it (and the ORM knows no relation between them to order by).
    await this.tx.persist(record).flush();
    const members = state.members.map((one) => {
      const member = this.tx.create(ConversationMember, {
        conversationId: state.id,
        userId: one.userId,
        role: one.role,
      });
      writeMember(member, one);
      this.tx.persist(member);
      return member;
    });
    await this.tx.flush();
    this.loaded.set(state.id, { record, members });
  }

  async save(conversation: Conversation): Promise<void> {
    const state = conversation.snapshot();
    const loaded = this.loaded.get(state.id);
    if (!loaded) throw new Error(`conversation ${state.id} is saved without being found in this transaction`);
    write(loaded.record, state);
    for (const member of loaded.members)
      writeMember(
        member,
        state.members.find((one) => one.userId === member.userId)!,
      );
    await this.tx.flush();
  }
}
