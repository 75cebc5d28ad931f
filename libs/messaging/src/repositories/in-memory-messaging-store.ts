import { Conversation, type ConversationState } from '../domain/conversation.js';
import { Message, type MessageState } from '../domain/message.js';
import { timeOfId } from '../domain/message-ids.js';
import type {
  ConversationRepository,
  MessageAdded,
  MessagePosition,
  MessageRepository,
  MessagingRepositories,
} from './messaging-store.js';
import { MessagingStore } from './messaging-store.js';

interface Tables {
  conversations: Map<string, ConversationState>;
  messages: Map<string, MessageState>;
  clientIds: Map<string, MessagePosition>;
}

const clientKey = (senderId: string, clientId: string) => `${senderId}\n${clientId}`;

/** One transaction's writes, kept apart until it commits (a transaction that throws leaves the tables as they were). */
class Staging {
  readonly writes: Tables = { conversations: new Map(), messages: new Map(), clientIds: new Map() };

  constructor(readonly tables: Tables) {}

  read<K extends keyof Tables>(name: K, key: string): ReturnType<Tables[K]['get']> {
    return (this.writes[name].get(key) ?? this.tables[name].get(key)) as ReturnType<Tables[K]['get']>;
  }

  commit(): void {
    for (const name of ['conversations', 'messages', 'clientIds'] as const) {
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
    const all = new Map([...this.staging.tables.messages, ...this.staging.writes.messages]);
    const later = (state: MessageState) =>
      state.createdAt.getTime() > after.at.getTime() ||
      (state.createdAt.getTime() === after.at.getTime() && state.id > after.id);
    return [...all.values()].filter(
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
}

/**
 * MessagingStore in memory, for specs: transactions run one at a time (as the conversation's row
 * lock orders them in PostgreSQL), and commit all their writes or none. Passes the same contract
 * as PostgresMessagingStore (messaging-store.contract.ts).
 */
export class InMemoryMessagingStore extends MessagingStore {
  private readonly tables: Tables = { conversations: new Map(), messages: new Map(), clientIds: new Map() };
  private turn: Promise<unknown> = Promise.resolve();

  transaction<T>(work: (repositories: MessagingRepositories) => Promise<T>): Promise<T> {
    const run = this.turn.then(async () => {
      const staging = new Staging(this.tables);
      const result = await work({
        conversations: new InMemoryConversations(staging),
        messages: new InMemoryMessages(staging),
      });
      staging.commit();
      return result;
    });
    this.turn = run.catch(() => undefined);
    return run;
  }
}
