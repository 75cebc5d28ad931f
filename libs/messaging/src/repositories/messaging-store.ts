import type { Conversation } from '../domain/conversation.js';
import type { Message } from '../domain/message.js';

/** A keyset position in a conversation: a message's time and id. */
export interface MessagePosition {
  id: string;
  at: Date;
}

/** What storing a new message did: stored, or the sender had used its client id already (the message stored under it). */
export type MessageAdded = { stored: true } | { stored: false; existing: MessagePosition };

/**
 * The only writer of `conversations` and `conversation_members` for one message at a time (the
 * mass-message fan-out writes its pages set-based, see MassMessageRepository). `find` takes the
 * conversation's row lock for the transaction: sends, payments, blocks and withdrawals in one
 * conversation take turns, and each checks its rules under that lock.
 */
export interface ConversationRepository {
  find(id: string): Promise<Conversation | null>;
  add(conversation: Conversation): Promise<void>;
  save(conversation: Conversation): Promise<void>;
}

/** The only writer of one message's rows: `messages`, its attachments, its client id and its unlocks (message_unlocks). */
export interface MessageRepository {
  /** A message of this conversation with its attachments and unlocks; null when the id names none (or is not a message id). */
  byId(conversationId: string, id: string): Promise<Message | null>;
  /** Stores a new message, unless its sender used its client id already (decided by the client ids' key, under concurrency too). */
  add(message: Message): Promise<MessageAdded>;
  /** How many messages from `senderId` after `after` count as unread: delivered, and an unsent one only where a buyer keeps it. */
  unreadFrom(conversationId: string, senderId: string, after: MessagePosition): Promise<number>;
  /** Stores what changed on a loaded message: its status, its withdrawal, unlocks added and removed. */
  save(message: Message): Promise<void>;
}

export interface MessagingRepositories {
  conversations: ConversationRepository;
  messages: MessageRepository;
}

/**
 * One unit of work over the Conversation/Message aggregates: everything `work` saves commits
 * together, or nothing does. Two adapters pass the same contract (messaging-store.contract.ts):
 * PostgreSQL (the application's) and in memory (for the handlers' specs).
 */
export abstract class MessagingStore {
  abstract transaction<T>(work: (repositories: MessagingRepositories) => Promise<T>): Promise<T>;
}
