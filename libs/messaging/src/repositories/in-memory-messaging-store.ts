import { randomUUID } from 'node:crypto';
import { Conversation, type ConversationState } from '../domain/conversation.js';
import { copyClientId } from '../domain/mass-messages.js';
import { Message, type MessageState } from '../domain/message.js';
import { messageId, timeOfId } from '../domain/message-ids.js';
import { previewOf } from '../domain/message-text.js';
import type {
  ConversationRepository,
  Delivery,
  MassCopies,
  MassSend,
  MassSendProgress,
  MessageAdded,
  MessagePosition,
  MessageRepository,
  MessagingRepositories,
  Withdrawal,
  WithdrawalTarget,
} from './messaging-store.js';
import { MessagingStore } from './messaging-store.js';

/** A mass message's row as the in-memory store keeps it: what the fan-out reads, and its counters. */
export interface MassSendRecord extends MassSend {
  recipients: number | null;
  delivered: number;
  sentAt: Date | null;
  withdrawnAt: Date | null;
}

interface Tables {
  conversations: Map<string, ConversationState>;
  messages: Map<string, MessageState>;
  clientIds: Map<string, MessagePosition>;
  massSends: Map<string, MassSendRecord>;
}

const TABLES = ['conversations', 'messages', 'clientIds', 'massSends'] as const;
const emptyTables = (): Tables => ({
  conversations: new Map(),
  messages: new Map(),
  clientIds: new Map(),
  massSends: new Map(),
});

/** (time, id) order, as the conversation's list sorts messages. */
const isLater = (a: MessageState, b: MessageState) =>
  a.createdAt.getTime() > b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.id > b.id);

const clientKey = (senderId: string, clientId: string) => `${senderId}\n${clientId}`;

/** One transaction's writes, kept apart until it commits (a transaction that throws leaves the tables as they were). */
class Staging {
  readonly writes: Tables = emptyTables();

  constructor(readonly tables: Tables) {}

  read<K extends keyof Tables>(name: K, key: string): ReturnType<Tables[K]['get']> {
    return (this.writes[name].get(key) ?? this.tables[name].get(key)) as ReturnType<Tables[K]['get']>;
  }

  /** Every row of a table as this transaction sees it. */
  all<K extends keyof Tables>(name: K): NonNullable<ReturnType<Tables[K]['get']>>[] {
    const merged = new Map<string, unknown>([...this.tables[name], ...this.writes[name]]);
    return [...merged.values()] as NonNullable<ReturnType<Tables[K]['get']>>[];
  }

  commit(): void {
    for (const name of TABLES) {
      const target = this.tables[name] as Map<string, unknown>;
      for (const [key, value] of this.writes[name]) target.set(key, value);
    }
  }
}

class InMemoryConversations implements ConversationRepository {
  constructor(private readonly staging: Staging) {}

  async find(id: string): Promise<Conversation | null> {
    const state = this.staging.read('conversations', id);
    return state ? Conversation.restore(state) : null;
  }

  async add(conversation: Conversation): Promise<void> {
    if (this.staging.read('conversations', conversation.id)) throw new Error(`conversation ${conversation.id} exists`);
    this.staging.writes.conversations.set(conversation.id, conversation.snapshot());
  }

  async save(conversation: Conversation): Promise<void> {
    this.staging.writes.conversations.set(conversation.id, conversation.snapshot());
  }
}

class InMemoryMessages implements MessageRepository {
  constructor(private readonly staging: Staging) {}

  async byId(conversationId: string, id: string): Promise<Message | null> {
    if (!timeOfId(id)) return null;
    const state = this.staging.read('messages', id);
    return state && state.conversationId === conversationId ? Message.restore(state) : null;
  }

  async add(message: Message): Promise<MessageAdded> {
    const state = message.snapshot();
    const key = clientKey(state.senderId, state.clientId);
    const existing = this.staging.read('clientIds', key);
    if (existing) return { stored: false, existing };
    this.staging.writes.clientIds.set(key, { id: state.id, at: state.createdAt });
    this.staging.writes.messages.set(state.id, state);
    return { stored: true };
  }

  async unreadFrom(conversationId: string, senderId: string, after: MessagePosition): Promise<number> {
    const later = (state: MessageState) =>
      state.createdAt.getTime() > after.at.getTime() ||
      (state.createdAt.getTime() === after.at.getTime() && state.id > after.id);
    return this.staging
      .all('messages')
      .filter(
        (state) =>
          state.conversationId === conversationId &&
          state.senderId === senderId &&
          later(state) &&
          state.status === 'sent' &&
          (state.withdrawnAt === null || state.unlocks.length > 0),
      ).length;
  }

  async save(message: Message): Promise<void> {
    this.staging.writes.messages.set(message.id, message.snapshot());
  }

  async sendMany(copies: MassCopies): Promise<Delivery[]> {
    const preview = previewOf(copies.body, copies.attachments.length);
    const deliveries: Delivery[] = [];
    for (const fanId of copies.fanIds) {
      const found = this.staging
        .all('conversations')
        .find((one) => one.fanId === fanId && one.creatorId === copies.creatorId);
      const conversation = found
        ? Conversation.restore(found)
        : Conversation.open({
            id: randomUUID(),
            fanId,
            creatorId: copies.creatorId,
            startedBy: copies.creatorId,
            at: copies.at,
          });
      if (conversation.blocked) continue;
      const id = messageId(copies.at);
      const arrival = conversation.receive({ id, senderId: copies.creatorId, at: copies.at, preview });
      const copy = Message.send({
        id,
        createdAt: copies.at,
        conversationId: conversation.id,
        senderId: copies.creatorId,
        clientId: copyClientId(copies.massMessageId),
        body: copies.body,
        // Reviewed as content-moderation decides (message_media): none known yet is pending.
        attachments: copies.attachments.map((one) => ({ ...one, status: 'pending_review' as const })),
        price: copies.price,
      }).snapshot();
      this.staging.writes.conversations.set(conversation.id, conversation.snapshot());
      this.staging.writes.messages.set(id, { ...copy, massMessageId: copies.massMessageId });
      deliveries.push({
        userId: fanId,
        conversationId: conversation.id,
        unread: arrival.recipientUnread,
        muted: arrival.recipientMuted,
      });
    }
    return deliveries;
  }

  async withdrawMany(target: WithdrawalTarget, senderId: string, at: Date): Promise<Withdrawal> {
    const targeted = this.staging
      .all('messages')
      .filter((state) =>
        'massMessageId' in target
          ? state.massMessageId === target.massMessageId
          : state.id === target.messageId && state.conversationId === target.conversationId,
      );
    const gone: Withdrawal['gone'] = [];
    for (const state of targeted) {
      if (state.senderId !== senderId || state.price === null || state.withdrawnAt !== null) continue;
      const message = Message.restore(state);
      const outcome = message.withdraw(senderId, at);
      this.staging.writes.messages.set(message.id, message.snapshot());
      if (outcome !== 'gone') continue;
      const conversation = this.staging.read('conversations', state.conversationId)!;
      const recipient = conversation.members.find((one) => one.userId !== senderId)!;
      const members = conversation.members.map((one) =>
        one === recipient && (one.lastReadMessageId === null || state.id > one.lastReadMessageId)
          ? { ...one, unreadCount: Math.max(one.unreadCount - 1, 0) }
          : one,
      );
      this.staging.writes.conversations.set(conversation.id, { ...conversation, members });
      gone.push({ id: state.id, conversationId: state.conversationId, recipientId: recipient.userId });
    }
    for (const copy of gone) {
      const conversation = this.staging.read('conversations', copy.conversationId)!;
      if (conversation.lastMessageId !== copy.id) continue;
      const shown = this.staging
        .all('messages')
        .filter((state) => state.conversationId === copy.conversationId && state.withdrawnAt === null)
        .reduce<MessageState | null>((latest, state) => (latest && !isLater(state, latest) ? latest : state), null);
      this.staging.writes.conversations.set(conversation.id, {
        ...conversation,
        lastMessageId: shown?.id ?? null,
        lastMessageAt: shown?.createdAt ?? null,
        lastSenderId: shown?.senderId ?? null,
        lastPreview: shown ? previewOf(shown.body, shown.attachments.length) : null,
      });
    }
    const keptBy = targeted.reduce((sum, state) => sum + state.unlocks.length, 0);
    return { gone, keptBy };
  }
}

class InMemoryMassSends implements MassSendProgress {
  constructor(private readonly staging: Staging) {}

  async lock(id: string): Promise<MassSend | null> {
    const record = this.staging.read('massSends', id);
    return record ? { ...record } : null;
  }

  async start(id: string, recipients: number): Promise<void> {
    this.change(id, (record) => (record.status === 'queued' ? { status: 'sending', recipients } : {}));
  }

  async checkpoint(id: string, lastFanId: string, delivered: number): Promise<void> {
    this.change(id, (record) => ({ lastFanId, delivered: record.delivered + delivered, status: 'sending' }));
  }

  async finish(id: string, at: Date): Promise<void> {
    this.change(id, (record) =>
      record.status === 'queued' || record.status === 'sending' ? { status: 'sent', sentAt: at } : {},
    );
  }

  async markWithdrawn(id: string, at: Date): Promise<void> {
    this.change(id, (record) => ({ status: 'withdrawn', withdrawnAt: record.withdrawnAt ?? at }));
  }

  private change(id: string, update: (record: MassSendRecord) => Partial<MassSendRecord>): void {
    const record = this.staging.read('massSends', id);
    if (record) this.staging.writes.massSends.set(id, { ...record, ...update(record) });
  }
}

/**
 * MessagingStore in memory, for specs: transactions run one at a time (as the conversation's row
 * lock orders them in PostgreSQL), and commit all their writes or none. Passes the same contract
 * as PostgresMessagingStore (messaging-store.contract.ts).
 */
export class InMemoryMessagingStore extends MessagingStore {
  private readonly tables: Tables = emptyTables();
  private turn: Promise<unknown> = Promise.resolve();

  transaction<T>(work: (repositories: MessagingRepositories) => Promise<T>): Promise<T> {
    const run = this.turn.then(async () => {
      const staging = new Staging(this.tables);
      const result = await work({
        conversations: new InMemoryConversations(staging),
        messages: new InMemoryMessages(staging),
        massSends: new InMemoryMassSends(staging),
      });
      staging.commit();
      return result;
    });
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** A queued mass message, as SendMassMessageHandler stores it in PostgreSQL (for specs of its fan-out and withdrawal). */
  queueMassSend(mass: Omit<MassSend, 'status' | 'lastFanId'>): void {
    this.tables.massSends.set(mass.id, {
      ...mass,
      status: 'queued',
      lastFanId: null,
      recipients: null,
      delivered: 0,
      sentAt: null,
      withdrawnAt: null,
    });
  }

  /** A mass message's row as it stands (its status, checkpoint and counters). */
  massSend(id: string): MassSendRecord | null {
    const record = this.tables.massSends.get(id);
    return record ? { ...record } : null;
  }
}
