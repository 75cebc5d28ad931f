import type { AudienceSegment } from '#app/commerce';
import type { Conversation } from '../domain/conversation.js';
import type { MassAttachment, MassMessageStatus } from '../domain/mass-messages.js';
import type { Message, Money } from '../domain/message.js';

/** A keyset position in a conversation: a message's time and id. */
export interface MessagePosition {
  id: string;
  at: Date;
}

/** What storing a new message did: stored, or the sender had used its client id already (the message stored under it). */
export type MessageAdded = { stored: true } | { stored: false; existing: MessagePosition };

/** One page of a mass message's copies: one in the conversation of each fan with the creator (MessageRepository.sendMany). */
export interface MassCopies {
  massMessageId: string;
  creatorId: string;
  body: string;
  attachments: MassAttachment[];
  price: Money | null;
  fanIds: string[];
  at: Date;
}

/** A fan who received a copy: what their badge needs. */
export interface Delivery {
  userId: string;
  conversationId: string;
  unread: number;
  muted: boolean;
}

/** The priced messages a withdrawal takes back: every copy of a mass message, or one message. */
export type WithdrawalTarget = { massMessageId: string } | { conversationId: string; messageId: string; at: Date };

/** What one withdrawal did: the copies gone (conversation, message) and how many buyers keep theirs. */
export interface Withdrawal {
  gone: { id: string; conversationId: string; recipientId: string }[];
  keptBy: number;
}

/**
 * One conversation and its members, loaded and saved whole (the set-based writes of many
 * conversations at once are MessageRepository.sendMany and withdrawMany). `find` takes the
 * conversation's row lock for the transaction: sends, payments, blocks and withdrawals in one
 * conversation take turns, and each checks its rules under that lock.
 */
export interface ConversationRepository {
  find(id: string): Promise<Conversation | null>;
  add(conversation: Conversation): Promise<void>;
  save(conversation: Conversation): Promise<void>;
}

/**
 * The only writer of `messages`, their attachments, client ids and unlocks (message_unlocks); its
 * set-based methods also move the conversations they reach (last message, members' unread counts),
 * as each message's arrival does through the Conversation aggregate.
 */
export interface MessageRepository {
  /** A message of this conversation with its attachments and unlocks; null when the id names none (or is not a message id). */
  byId(conversationId: string, id: string): Promise<Message | null>;
  /** Stores a new message, unless its sender used its client id already (decided by the client ids' key, under concurrency too). */
  add(message: Message): Promise<MessageAdded>;
  /** How many messages from `senderId` after `after` count as unread: delivered, and an unsent one only where a buyer keeps it. */
  unreadFrom(conversationId: string, senderId: string, after: MessagePosition): Promise<number>;
  /** Stores what changed on a loaded message: its status, its withdrawal, unlocks added and removed. */
  save(message: Message): Promise<void>;
  /**
   * Stores one copy of a mass message in each fan's conversation with its creator, set-based (a
   * handful of statements per page, never one per fan): opens the conversations that do not exist
   * (started by the creator), skips those either side blocked, grows each fan's unread count and
   * moves the last message. Copies keep no client id of their own (`mass:<id>`, copyClientId).
   * Answers the fans who received a copy.
   */
  sendMany(copies: MassCopies): Promise<Delivery[]>;
  /**
   * Withdraws the target's priced messages from `senderId` not withdrawn yet: each is marked; one
   * nobody bought leaves its thread (off its recipient's unread count when unread there, and a
   * conversation whose last message it was shows the one before, or none). A buyer keeps theirs.
   */
  withdrawMany(target: WithdrawalTarget, senderId: string, at: Date): Promise<Withdrawal>;
}

/** A mass message as its fan-out and withdrawal see it. */
export interface MassSend {
  id: string;
  creatorId: string;
  segment: AudienceSegment;
  contentId: string | null;
  body: string;
  attachments: MassAttachment[];
  price: Money | null;
  status: MassMessageStatus;
  /** The fan-out checkpoint: the last fan whose page committed. */
  lastFanId: string | null;
}

/** A mass message's progress (`mass_messages`): the fan-out and a withdrawal hold its row for their transaction. */
export interface MassSendProgress {
  lock(id: string): Promise<MassSend | null>;
  /** The first run of the fan-out: how many fans the segment counts. */
  start(id: string, recipients: number): Promise<void>;
  /** Past one page: its last fan and how many copies it delivered. */
  checkpoint(id: string, lastFanId: string, delivered: number): Promise<void>;
  finish(id: string, at: Date): Promise<void>;
  markWithdrawn(id: string, at: Date): Promise<void>;
}

export interface MessagingRepositories {
  conversations: ConversationRepository;
  messages: MessageRepository;
  massSends: MassSendProgress;
}

/**
 * One unit of work over the Conversation/Message aggregates: everything `work` saves commits
 * together, or nothing does. Two adapters pass the same contract (messaging-store.contract.ts):
 * PostgreSQL (the application's) and in memory (for the handlers' specs).
 */
export abstract class MessagingStore {
  abstract transaction<T>(work: (repositories: MessagingRepositories) => Promise<T>): Promise<T>;
}
