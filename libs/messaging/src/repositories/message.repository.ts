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
import { copyClientId } from '../domain/mass-messages.js';
import { messageId, timeOfId } from '../domain/message-ids.js';
import { previewOf } from '../domain/message-text.js';
import { MessageMediaRepository } from './message-media.repository.js';
import type {
  Delivery,
  MassCopies,
  MessageAdded,
  MessagePosition,
  MessageRepository,
  Withdrawal,
  WithdrawalTarget,
} from './messaging-store.js';

/** A row of `messages` as stored (the read models read the same shape: MessageRow). */
export interface MessageRecord {
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

/** A PostgreSQL array literal of values that are uuids or plain words (never free text). */
const arrayOf = (values: string[]) => `{${values.join(',')}}`;

/** The conversation list's preview of a message, in SQL (previewOf, for rows already stored). */
const PREVIEW_SQL = `case when p.body <> '' then (case when char_length(p.body) > 120 then left(p.body, 119) || '…' else p.body end)
                          when p.attachment_count = 1 then 'Sent media' else 'Sent ' || p.attachment_count || ' media' end`;

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

  /**
   * One page of copies, in the caller's transaction: opens the conversations and members that do not
   * exist, locks the page's conversations (in fan-id order, as every writer of many conversations of
   * one creator does), stores one copy in each that neither side blocked, grows the fans' unread
   * counters and moves the last message. Answers the fans who received a copy.
   *
   * Every statement is driven by the page's arrays through unique indexes (a lateral lookup per fan,
   * `id = any(...)`), never by the creator's id: a creator whose audience just grew has statistics
   * that say they have few conversations, and a plan that scans all of them each page (measured:
   * the fan-out grew quadratic) — bench/RESULTS.md, "Mass messages". The fan-out's transaction runs
   * without JIT from its first statement (MassSendProgress.lock).
   */
  async sendMany(copies: MassCopies): Promise<Delivery[]> {
    const { fanIds, at: now, attachments } = copies;
    const fans = arrayOf(fanIds);
    const creator = copies.creatorId;
    const preview = previewOf(copies.body, attachments.length);
    // Each fan's copy has its id before anything is written: a conversation opened here is written once,
    // already showing the copy as its last message, and its fan member already counting it unread
    // (rows written and then updated in one transaction cost a second version and its index entries).
    const copyOf = new Map(fanIds.map((fanId) => [fanId, messageId(now)]));
    // A conversation is always opened with its two members (as StartConversationHandler does): only new ones need them.
    await this.tx.execute(
      `with opened as (
         insert into conversations (id, fan_id, creator_id, started_by, created_at, last_activity_at, last_message_id, last_message_at, last_sender_id, last_preview)
         select gen_random_uuid(), t.fan_id, ?::uuid, ?::uuid, ?, ?, t.message_id, ?, ?::uuid, ? from unnest(?::uuid[], ?::uuid[]) t (fan_id, message_id)
         on conflict (fan_id, creator_id) do nothing returning id, fan_id, creator_id
       )
       insert into conversation_members (conversation_id, user_id, role, unread_count)
       select o.id, u.user_id, u.role, u.unread from opened o cross join lateral (values (o.fan_id, 'fan', 1), (o.creator_id, 'creator', 0)) u (user_id, role, unread)`,
      [creator, creator, now, now, now, creator, preview, fans, arrayOf(fanIds.map((fanId) => copyOf.get(fanId)!))],
    );
    const found = await this.tx.execute<
      { id: string; fan_id: string; last_message_id: string | null; blocked: boolean }[]
    >(
      `select c.id, c.fan_id, c.last_message_id, b.blocked is not null as blocked from unnest(?::uuid[]) f (fan_id)
        cross join lateral (select id, fan_id, last_message_id from conversations c where c.fan_id = f.fan_id and c.creator_id = ? for update) c
        left join lateral (select true as blocked from conversation_members b where b.conversation_id = c.id and b.blocked_at is not null limit 1) b on true`,
      [fans, creator],
    );
    const targets = found
      .filter((row) => !row.blocked)
      .map((row) => ({ conversationId: row.id, fanId: row.fan_id, messageId: copyOf.get(row.fan_id)! }));
    if (targets.length === 0) return [];
    // Opened just now (its last message is this fan's copy), or there before: only those need their counters and last message moved.
    const opened = new Set(found.filter((row) => row.last_message_id === copyOf.get(row.fan_id)).map((row) => row.id));
    const earlier = targets.filter((target) => !opened.has(target.conversationId));
    // Each attachment's foreign-key check against the partitioned `messages` ran a cached generic plan
    // that locks every month's partition and its indexes before pruning; planned per row it touches
    // one (measured: the checks' time halved). For the rest of this transaction only.
    if (attachments.length > 0)
      await this.tx.execute(`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
    await this.tx.execute(
      `with stored as (
         insert into messages (id, created_at, conversation_id, sender_id, client_id, body, attachment_count, price_minor, currency, mass_message_id)
         select t.message_id, ?, t.conversation_id, ?, ?, ?, ?, ?, ?, ? from unnest(?::uuid[], ?::uuid[]) as t (conversation_id, message_id) returning id, conversation_id
       )
       insert into message_attachments (message_id, message_created_at, conversation_id, content_id, kind, source, position)
       select s.id, ?, s.conversation_id, a.content_id, a.kind, a.source, a.position
         from stored s cross join unnest(?::uuid[], ?::text[], ?::text[], ?::smallint[]) as a (content_id, kind, source, position)`,
      [
        now,
        creator,
        copyClientId(copies.massMessageId),
        copies.body,
        attachments.length,
        copies.price?.amountMinor ?? null,
        copies.price?.currency ?? null,
        copies.massMessageId,
        arrayOf(targets.map((target) => target.conversationId)),
        arrayOf(targets.map((target) => target.messageId)),
        now,
        arrayOf(attachments.map((a) => a.contentId)),
        arrayOf(attachments.map((a) => a.kind)),
        arrayOf(attachments.map((a) => a.source)),
        arrayOf(attachments.map((_, position) => String(position))),
      ],
    );
    const deliveries: Delivery[] = targets
      .filter((target) => opened.has(target.conversationId))
      .map((target) => ({ userId: target.fanId, conversationId: target.conversationId, unread: 1, muted: false }));
    if (earlier.length === 0) return deliveries;
    const conversations = arrayOf(earlier.map((target) => target.conversationId));
    const rows = await this.tx.execute<{ user_id: string; conversation_id: string; unread: number; muted: boolean }[]>(
      `with moved as (
         update conversations c set last_activity_at = ?, last_message_id = t.message_id, last_message_at = ?, last_sender_id = ?, last_preview = ?
           from unnest(?::uuid[], ?::uuid[]) t (conversation_id, message_id) where c.id = t.conversation_id and c.id = any(?::uuid[])
       )
       update conversation_members m set unread_count = m.unread_count + 1
        where m.conversation_id = any(?::uuid[]) and m.user_id <> ?
       returning m.user_id, m.conversation_id, m.unread_count as unread, m.muted_at is not null as muted`,
      [
        now,
        now,
        creator,
        preview,
        conversations,
        arrayOf(earlier.map((target) => target.messageId)),
        conversations,
        conversations,
        creator,
      ],
    );
    return [
      ...deliveries,
      ...rows.map((row) => ({
        userId: row.user_id,
        conversationId: row.conversation_id,
        unread: row.unread,
        muted: row.muted,
      })),
    ];
  }

  /**
   * Withdraws a priced message's copies, in the caller's transaction: locks their conversations in fan-id
   * order and sets withdrawn_at on each; a copy nobody paid for leaves its thread, so it comes off its
   * recipient's unread counter and a conversation whose last message it was shows the one before.
   * A buyer keeps theirs (the readers show an unsent message to its sender and its buyer only).
   */
  async withdrawMany(target: WithdrawalTarget, senderId: string, now: Date): Promise<Withdrawal> {
    const where =
      'massMessageId' in target
        ? { sql: 'm.mass_message_id = ?', params: [target.massMessageId] as unknown[] }
        : {
            sql: 'm.id = ? and m.conversation_id = ? and m.created_at >= ? and m.created_at < ?',
            params: [target.messageId, target.conversationId, target.at, new Date(target.at.getTime() + 1)],
          };
    // In fan-id order, as the fan-out locks them: the two never wait on each other in a circle.
    await this.tx.execute(
      `select c.id from conversations c where c.id in (select m.conversation_id from messages m where ${where.sql}) order by c.fan_id for update of c`,
      where.params,
    );
    // Every copy is marked (a buyer's stays theirs, shown as withdrawn: a refund later takes it too); those nobody bought are gone.
    const marked = await this.tx.execute<{ id: string; conversation_id: string; bought: boolean }[]>(
      `update messages m set withdrawn_at = ? where ${where.sql} and m.sender_id = ? and m.price_minor is not null and m.withdrawn_at is null
       returning m.id, m.conversation_id, exists (select 1 from message_unlocks u where u.message_id = m.id) as bought`,
      [now, ...where.params, senderId],
    );
    const gone = marked.filter((row) => !row.bought);
    const [kept] = await this.tx.execute<{ n: number }[]>(
      'massMessageId' in target
        ? `select count(*)::int as n from message_unlocks where mass_message_id = ?`
        : `select count(*)::int as n from message_unlocks where message_id = ?`,
      ['massMessageId' in target ? target.massMessageId : target.messageId],
    );
    if (gone.length === 0) return { gone: [], keptBy: kept.n };
    const ids = arrayOf(gone.map((row) => row.id));
    const conversations = arrayOf(gone.map((row) => row.conversation_id));
    // UUIDv7 ids sort by time, so comparing a copy's id with a read position tells whether it was read.
    const recipients = await this.tx.execute<{ user_id: string; conversation_id: string }[]>(
      `update conversation_members cm
          set unread_count = case when cm.last_read_message_id is null or g.id > cm.last_read_message_id then greatest(cm.unread_count - 1, 0) else cm.unread_count end
         from unnest(?::uuid[], ?::uuid[]) g (id, conversation_id)
        where cm.conversation_id = g.conversation_id and cm.user_id <> ?
        returning cm.user_id, cm.conversation_id`,
      [ids, conversations, senderId],
    );
    await this.tx.execute(
      `update conversations c set last_message_id = p.id, last_message_at = p.created_at, last_sender_id = p.sender_id, last_preview = ${PREVIEW_SQL}
         from unnest(?::uuid[], ?::uuid[]) g (id, conversation_id)
         cross join lateral (select m.id, m.created_at, m.sender_id, m.body, m.attachment_count from messages m
                              where m.conversation_id = g.conversation_id and m.withdrawn_at is null order by m.created_at desc, m.id desc limit 1) p
        where c.id = g.conversation_id and c.last_message_id = g.id`,
      [ids, conversations],
    );
    // A conversation left with no message shown has no preview.
    await this.tx.execute(
      `update conversations c set last_message_id = null, last_message_at = null, last_sender_id = null, last_preview = null
         from unnest(?::uuid[], ?::uuid[]) g (id, conversation_id) where c.id = g.conversation_id and c.last_message_id = g.id`,
      [ids, conversations],
    );
    const recipientOf = new Map(recipients.map((row) => [row.conversation_id, row.user_id]));
    return {
      gone: gone.map((row) => ({
        id: row.id,
        conversationId: row.conversation_id,
        recipientId: recipientOf.get(row.conversation_id)!,
      })),
      keptBy: kept.n,
    };
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
