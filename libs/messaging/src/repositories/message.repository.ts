import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReviewStatus } from '../domain/attachments.js';
import {
  Message,
  type MessageAttachment,
  type MessageKind,
  type MessageState,
  type MessageStatus,
  type Unlock,
} from '../domain/message.js';
import { timeOfId } from '../domain/message-ids.js';
import { MessageMediaRepository } from './message-media.repository.js';
import type { MessageAdded, MessagePosition, MessageRepository } from './messaging-store.js';

interface MessageRecord {
  id: string;
  created_at: Date;
  conversation_id: string;
  sender_id: string;
  client_id: string;
  body: string;
  kind: MessageKind;
  price_minor: string | null;
  currency: string | null;
  tip_minor: string | null;
  tip_currency: string | null;
  status: MessageStatus;
  fee_minor: string | null;
  fee_currency: string | null;
  mass_message_id: string | null;
  withdrawn_at: Date | null;
}

interface UnlockRecord {
  buyer_id: string;
  purchase_id: string;
  purchase_created_at: Date;
  amount_minor: string;
  currency: string;
  unlocked_at: Date;
}

const moneyOf = (minor: string | null, currency: string | null) =>
  minor === null ? null : { amountMinor: Number(minor), currency: currency!.trim() };

const stateOf = (row: MessageRecord, attachments: MessageAttachment[], unlocks: UnlockRecord[]): MessageState => ({
  id: row.id,
  createdAt: new Date(row.created_at),
  conversationId: row.conversation_id,
  senderId: row.sender_id,
  clientId: row.client_id,
  body: row.body,
  attachments,
  kind: row.kind,
  price: moneyOf(row.price_minor, row.currency),
  tip: moneyOf(row.tip_minor, row.tip_currency),
  status: row.status,
  fee: moneyOf(row.fee_minor, row.fee_currency),
  massMessageId: row.mass_message_id,
  withdrawnAt: row.withdrawn_at && new Date(row.withdrawn_at),
  unlocks: unlocks.map((unlock) => ({
    buyerId: unlock.buyer_id,
    purchaseId: unlock.purchase_id,
    purchaseCreatedAt: new Date(unlock.purchase_created_at),
    amount: { amountMinor: Number(unlock.amount_minor), currency: unlock.currency.trim() },
    unlockedAt: new Date(unlock.unlocked_at),
  })),
});

/**
 * The PostgreSQL adapter of MessageRepository, in one transaction's EntityManager. `messages` is
 * partitioned by month: every lookup by id also bounds created_at by the time its UUIDv7 id carries,
 * so PostgreSQL reads one partition. Callers hold the conversation's lock (ConversationRepository.find).
 */
export class PostgresMessageRepository implements MessageRepository {
  /** Each message as it was loaded: what `save` compares with. */
  private readonly loaded = new Map<string, MessageState>();

  constructor(private readonly tx: EntityManager) {}

  async byId(conversationId: string, id: string): Promise<Message | null> {
    const at = timeOfId(id);
    if (!at) return null;
    const [row] = await this.tx.execute<MessageRecord[]>(
      `select id, created_at, conversation_id, sender_id, client_id, body, kind, price_minor, currency, tip_minor, tip_currency, status,
              fee_minor, fee_currency,
              mass_message_id, withdrawn_at
         from messages where id = ? and conversation_id = ? and created_at >= ? and created_at < ?`,
      [id, conversationId, at, new Date(at.getTime() + 1)],
    );
    if (!row) return null;
    const attachments = await this.tx.execute<(Omit<MessageAttachment, 'status'> & { status: ReviewStatus | null })[]>(
      `select a.content_id as "contentId", a.kind, a.source, mm.status from message_attachments a left join message_media mm on mm.content_id = a.content_id
        where a.message_id = ? and a.message_created_at = ? order by a.position`,
      [row.id, row.created_at],
    );
    const unlocks = await this.tx.execute<UnlockRecord[]>(
      `select buyer_id, purchase_id, purchase_created_at, amount_minor, currency, unlocked_at from message_unlocks
        where message_id = ? order by unlocked_at, buyer_id`,
      [row.id],
    );
    const state = stateOf(
      row,
      attachments.map((item) => ({ ...item, status: item.status ?? 'pending_review' })),
      unlocks,
    );
    this.loaded.set(state.id, state);
    return Message.restore(state);
  }

  async add(message: Message): Promise<MessageAdded> {
    const state = message.snapshot();
    const claimed = await this.tx.execute<{ message_id: string }[]>(
      `insert into message_client_ids (sender_id, client_id, message_id, message_created_at) values (?, ?, ?, ?) on conflict do nothing returning message_id`,
      [state.senderId, state.clientId, state.id, state.createdAt],
    );
    if (claimed.length === 0) {
      const [row] = await this.tx.execute<{ message_id: string; message_created_at: Date }[]>(
        `select message_id, message_created_at from message_client_ids where sender_id = ? and client_id = ?`,
        [state.senderId, state.clientId],
      );
      return { stored: false, existing: { id: row.message_id, at: new Date(row.message_created_at) } };
    }
    await this.tx.execute(
      `insert into messages (id, created_at, conversation_id, sender_id, client_id, body, attachment_count, price_minor, currency, kind, tip_minor,
                             tip_currency, status, fee_minor,
                             fee_currency, mass_message_id, withdrawn_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        ...[
          state.id,
          state.createdAt,
          state.conversationId,
          state.senderId,
          state.clientId,
          state.body,
          state.attachments.length,
        ],
        ...[
          state.price?.amountMinor ?? null,
          state.price?.currency ?? null,
          state.kind,
          state.tip?.amountMinor ?? null,
          state.tip?.currency ?? null,
        ],
        ...[
          state.status,
          state.fee?.amountMinor ?? null,
          state.fee?.currency ?? null,
          state.massMessageId,
          state.withdrawnAt,
        ],
      ],
    );
    for (const [position, attachment] of state.attachments.entries()) {
      await this.tx.execute(
        `insert into message_attachments (message_id, message_created_at, conversation_id, content_id, kind, source, position) values (?, ?, ?, ?, ?, ?, ?)`,
        [
          state.id,
          state.createdAt,
          state.conversationId,
          attachment.contentId,
          attachment.kind,
          attachment.source,
          position,
        ],
      );
      // Version -1: only an event of content-moderation (version >= 1) changes what is known from here on.
      await MessageMediaRepository.noteFirstSeen(this.tx, attachment.contentId, attachment.status, state.createdAt);
    }
    await this.insertUnlocks(state, state.unlocks);
    this.loaded.set(state.id, state);
    return { stored: true };
  }

  async unreadFrom(conversationId: string, senderId: string, after: MessagePosition): Promise<number> {
    const [row] = await this.tx.execute<{ n: number }[]>(
      `select count(*)::int as n from messages
        where conversation_id = ? and sender_id = ? and created_at >= ? and (created_at, id) > (?, ?) and status = 'sent'
          and (withdrawn_at is null or exists (select 1 from message_unlocks u where u.message_id = messages.id))`,
      [conversationId, senderId, after.at, after.at, after.id],
    );
    return row.n;
  }

  async save(message: Message): Promise<void> {
    const state = message.snapshot();
    const before = this.loaded.get(state.id);
    if (!before) throw new Error(`message ${state.id} is saved without being loaded or added in this transaction`);
    if (before.status !== state.status || before.withdrawnAt?.getTime() !== state.withdrawnAt?.getTime()) {
      await this.tx.execute(`update messages set status = ?, withdrawn_at = ? where id = ? and created_at = ?`, [
        state.status,
        state.withdrawnAt,
        state.id,
        state.createdAt,
      ]);
    }
    const kept = new Set(state.unlocks.map((unlock) => unlock.purchaseId));
    const known = new Set(before.unlocks.map((unlock) => unlock.purchaseId));
    const removed = before.unlocks.filter((unlock) => !kept.has(unlock.purchaseId)).map((unlock) => unlock.purchaseId);
    if (removed.length > 0)
      await this.tx.execute(`delete from message_unlocks where message_id = ? and purchase_id = any(?::uuid[])`, [
        state.id,
        `{${removed.join(',')}}`,
      ]);
    await this.insertUnlocks(
      state,
      state.unlocks.filter((unlock) => !known.has(unlock.purchaseId)),
    );
    this.loaded.set(state.id, state);
  }

  private async insertUnlocks(state: MessageState, unlocks: Unlock[]): Promise<void> {
    for (const unlock of unlocks) {
      await this.tx.execute(
        `insert into message_unlocks (message_id, message_created_at, buyer_id, conversation_id, mass_message_id, purchase_id, purchase_created_at,
                                      amount_minor, currency, unlocked_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
        [
          state.id,
          state.createdAt,
          unlock.buyerId,
          state.conversationId,
          state.massMessageId,
          unlock.purchaseId,
          unlock.purchaseCreatedAt,
          unlock.amount.amountMinor,
          unlock.amount.currency,
          unlock.unlockedAt,
        ],
      );
    }
  }
}
