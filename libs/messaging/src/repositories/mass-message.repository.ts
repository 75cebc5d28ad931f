import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AudienceSegment } from '#app/commerce';
import { stateOf, type AttachmentState, type ReviewStatus } from '../domain/attachments.js';
import { copyClientId, type MassAttachment, type MassMessageStatus } from '../domain/mass-messages.js';
import { messageId } from '../domain/message-ids.js';
import { previewOf } from '../domain/message-text.js';

export interface MassMessageRow {
  id: string;
  creator_id: string;
  client_id: string;
  segment: AudienceSegment;
  content_id: string | null;
  body: string;
  attachments: MassAttachment[];
  price_minor: string | number | null;
  currency: string;
  status: MassMessageStatus;
  recipients: number | null;
  delivered: number;
  last_fan_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  withdrawn_at: Date | null;
}

export interface QueuedMassMessage {
  id: string;
  creatorId: string;
  clientId: string;
  segment: AudienceSegment;
  contentId: string | null;
  body: string;
  attachments: MassAttachment[];
  priceMinor: number | null;
  currency: string;
  createdAt: Date;
}

export interface MassMessageView {
  id: string;
  segment: AudienceSegment;
  contentId: string | null;
  text: string;
  attachments: { contentId: string; kind: 'video' | 'album'; state: AttachmentState }[];
  price: { amountMinor: number; currency: string } | null;
  status: MassMessageStatus;
  recipients: number | null;
  delivered: number;
  unlocks: number;
  revenueMinor: number;
  currency: string;
  createdAt: string;
  sentAt: string | null;
  withdrawnAt: string | null;
}

/** A fan who received a copy: what their badge needs. */
export interface Delivery {
  userId: string;
  conversationId: string;
  unread: number;
  muted: boolean;
}

/** What one withdrawal did: the copies gone (conversation, message) and how many buyers keep theirs. */
export interface Withdrawal {
  gone: { id: string; conversationId: string; recipientId: string }[];
  keptBy: number;
}

/** A PostgreSQL array literal of values that are uuids or plain words (never free text). */
const arrayOf = (values: string[]) => `{${values.join(',')}}`;

/** The conversation list's preview of a message, in SQL (previewOf, for rows already stored). */
const PREVIEW_SQL = `case when p.body <> '' then (case when char_length(p.body) > 120 then left(p.body, 119) || '…' else p.body end)
                          when p.attachment_count = 1 then 'Sent media' else 'Sent ' || p.attachment_count || ' media' end`;

/**
 * mass_messages and the set-based writes of their copies: each fan-out page and each withdrawal is a
 * handful of statements over arrays of ids, never a statement per fan. Runs in the caller's unit of
 * work, which holds the mass message's row lock.
 */
@Injectable()
export class MassMessageRepository {
  async lock(tx: EntityManager, id: string): Promise<MassMessageRow | null> {
    const [row] = await tx.execute<MassMessageRow[]>(`select * from mass_messages where id = ? for update`, [id]);
    return row ?? null;
  }

  async byId(em: EntityManager, creatorId: string, id: string): Promise<MassMessageRow | null> {
    const [row] = await em.execute<MassMessageRow[]>(`select * from mass_messages where id = ? and creator_id = ?`, [
      id,
      creatorId,
    ]);
    return row ?? null;
  }

  async byClientId(em: EntityManager, creatorId: string, clientId: string): Promise<MassMessageRow | null> {
    const [row] = await em.execute<MassMessageRow[]>(
      `select * from mass_messages where creator_id = ? and client_id = ?`,
      [creatorId, clientId],
    );
    return row ?? null;
  }

  /** The creator's mass messages, newest first, after a keyset position. */
  async page(
    em: EntityManager,
    creatorId: string,
    before: { at: Date; id: string } | null,
    limit: number,
  ): Promise<MassMessageRow[]> {
    return before
      ? em.execute<MassMessageRow[]>(
          `select * from mass_messages where creator_id = ? and (created_at, id) < (?, ?) order by created_at desc, id desc limit ?`,
          [creatorId, before.at, before.id, limit],
        )
      : em.execute<MassMessageRow[]>(
          `select * from mass_messages where creator_id = ? order by created_at desc, id desc limit ?`,
          [creatorId, limit],
        );
  }

  /** Queues one creator's requests one at a time in the caller's transaction, so the daily count cannot be overtaken. */
  async serializeCreator(tx: EntityManager, creatorId: string): Promise<void> {
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 22))`, [`mass-messages:${creatorId}`]);
  }

  /** Stores a new mass message, queued for its fan-out. */
  async queue(tx: EntityManager, mass: QueuedMassMessage): Promise<MassMessageRow> {
    const [row] = await tx.execute<MassMessageRow[]>(
      `insert into mass_messages (id, creator_id, client_id, segment, content_id, body, attachments, price_minor, currency, status, created_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, 'queued', ?) returning *`,
      [
        mass.id,
        mass.creatorId,
        mass.clientId,
        mass.segment,
        mass.contentId,
        mass.body,
        JSON.stringify(mass.attachments),
        mass.priceMinor,
        mass.currency,
        mass.createdAt,
      ],
    );
    return row;
  }

  /** Mass messages the creator queued since `since` (the daily rule). */
  async countSince(em: EntityManager, creatorId: string, since: Date): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from mass_messages where creator_id = ? and created_at > ?`,
      [creatorId, since],
    );
    return row.n;
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
   * the fan-out grew quadratic) — bench/RESULTS.md, "Mass messages".
   */
  async deliverPage(tx: EntityManager, mass: MassMessageRow, fanIds: string[], now: Date): Promise<Delivery[]> {
    const fans = arrayOf(fanIds);
    const creator = mass.creator_id;
    const attachments = mass.attachments;
    const preview = previewOf(mass.body, attachments.length);
    // Each fan's copy has its id before anything is written: a conversation opened here is written once,
    // already showing the copy as its last message, and its fan member already counting it unread
    // (rows written and then updated in one transaction cost a second version and its index entries).
    const copyOf = new Map(fanIds.map((fanId) => [fanId, messageId(now)]));
    // A conversation is always opened with its two members (as StartConversationHandler does): only new ones need them.
    await tx.execute(
      `with opened as (
         insert into conversations (id, fan_id, creator_id, started_by, created_at, last_activity_at, last_message_id, last_message_at, last_sender_id, last_preview)
         select gen_random_uuid(), t.fan_id, ?::uuid, ?::uuid, ?, ?, t.message_id, ?, ?::uuid, ? from unnest(?::uuid[], ?::uuid[]) t (fan_id, message_id)
         on conflict (fan_id, creator_id) do nothing returning id, fan_id, creator_id
       )
       insert into conversation_members (conversation_id, user_id, role, unread_count)
       select o.id, u.user_id, u.role, u.unread from opened o cross join lateral (values (o.fan_id, 'fan', 1), (o.creator_id, 'creator', 0)) u (user_id, role, unread)`,
      [creator, creator, now, now, now, creator, preview, fans, arrayOf(fanIds.map((fanId) => copyOf.get(fanId)!))],
    );
    const found = await tx.execute<{ id: string; fan_id: string; last_message_id: string | null; blocked: boolean }[]>(
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
    if (attachments.length > 0) await tx.execute(`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
    await tx.execute(
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
        copyClientId(mass.id),
        mass.body,
        attachments.length,
        mass.price_minor,
        mass.price_minor === null ? null : mass.currency,
        mass.id,
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
    const rows = await tx.execute<{ user_id: string; conversation_id: string; unread: number; muted: boolean }[]>(
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

  /** Moves the checkpoint past the page, in the page's transaction. */
  async checkpoint(tx: EntityManager, id: string, lastFanId: string, delivered: number): Promise<void> {
    await tx.execute(
      `update mass_messages set last_fan_id = ?, delivered = delivered + ?, status = 'sending' where id = ?`,
      [lastFanId, delivered, id],
    );
  }

  async start(tx: EntityManager, id: string, recipients: number): Promise<void> {
    await tx.execute(`update mass_messages set status = 'sending', recipients = ? where id = ? and status = 'queued'`, [
      recipients,
      id,
    ]);
  }

  async finish(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.execute(
      `update mass_messages set status = 'sent', sent_at = ? where id = ? and status in ('queued', 'sending')`,
      [now, id],
    );
  }

  /**
   * Withdraws a priced message's copies, in the caller's transaction: locks their conversations in id
   * order and sets withdrawn_at on each; a copy nobody paid for leaves its thread, so it comes off its
   * recipient's unread counter and a conversation whose last message it was shows the one before.
   * A buyer keeps theirs (the readers show an unsent message to its sender and its buyer only).
   */
  async withdraw(
    tx: EntityManager,
    target: { massMessageId: string } | { conversationId: string; messageId: string; at: Date },
    senderId: string,
    now: Date,
  ): Promise<Withdrawal> {
    const where =
      'massMessageId' in target
        ? { sql: 'm.mass_message_id = ?', params: [target.massMessageId] as unknown[] }
        : {
            sql: 'm.id = ? and m.conversation_id = ? and m.created_at >= ? and m.created_at < ?',
            params: [target.messageId, target.conversationId, target.at, new Date(target.at.getTime() + 1)],
          };
    // In fan-id order, as the fan-out locks them: the two never wait on each other in a circle.
    await tx.execute(
      `select c.id from conversations c where c.id in (select m.conversation_id from messages m where ${where.sql}) order by c.fan_id for update of c`,
      where.params,
    );
    // Every copy is marked (a buyer's stays theirs, shown as withdrawn: a refund later takes it too); those nobody bought are gone.
    const marked = await tx.execute<{ id: string; conversation_id: string; bought: boolean }[]>(
      `update messages m set withdrawn_at = ? where ${where.sql} and m.sender_id = ? and m.price_minor is not null and m.withdrawn_at is null
       returning m.id, m.conversation_id, exists (select 1 from message_unlocks u where u.message_id = m.id) as bought`,
      [now, ...where.params, senderId],
    );
    const gone = marked.filter((row) => !row.bought);
    const [kept] = await tx.execute<{ n: number }[]>(
      'massMessageId' in target
        ? `select count(*)::int as n from message_unlocks where mass_message_id = ?`
        : `select count(*)::int as n from message_unlocks where message_id = ?`,
      ['massMessageId' in target ? target.massMessageId : target.messageId],
    );
    if (gone.length === 0) return { gone: [], keptBy: kept.n };
    const ids = arrayOf(gone.map((row) => row.id));
    const conversations = arrayOf(gone.map((row) => row.conversation_id));
    // UUIDv7 ids sort by time, so comparing a copy's id with a read position tells whether it was read.
    const recipients = await tx.execute<{ user_id: string; conversation_id: string }[]>(
      `update conversation_members cm
          set unread_count = case when cm.last_read_message_id is null or g.id > cm.last_read_message_id then greatest(cm.unread_count - 1, 0) else cm.unread_count end
         from unnest(?::uuid[], ?::uuid[]) g (id, conversation_id)
        where cm.conversation_id = g.conversation_id and cm.user_id <> ?
        returning cm.user_id, cm.conversation_id`,
      [ids, conversations, senderId],
    );
    await tx.execute(
      `update conversations c set last_message_id = p.id, last_message_at = p.created_at, last_sender_id = p.sender_id, last_preview = ${PREVIEW_SQL}
         from unnest(?::uuid[], ?::uuid[]) g (id, conversation_id)
         cross join lateral (select m.id, m.created_at, m.sender_id, m.body, m.attachment_count from messages m
                              where m.conversation_id = g.conversation_id and m.withdrawn_at is null order by m.created_at desc, m.id desc limit 1) p
        where c.id = g.conversation_id and c.last_message_id = g.id`,
      [ids, conversations],
    );
    // A conversation left with no message shown has no preview.
    await tx.execute(
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

  async markWithdrawn(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.execute(
      `update mass_messages set status = 'withdrawn', withdrawn_at = coalesce(withdrawn_at, ?) where id = ?`,
      [now, id],
    );
  }

  /** The creator's view of each row: sales from message_unlocks, attachments' review from message_media. */
  async views(em: EntityManager, rows: MassMessageRow[]): Promise<MassMessageView[]> {
    if (rows.length === 0) return [];
    const ids = arrayOf(rows.map((row) => row.id));
    const sales = await em.execute<{ mass_message_id: string; unlocks: number; revenue: string }[]>(
      `select mass_message_id, count(*)::int as unlocks, coalesce(sum(amount_minor), 0)::bigint as revenue from message_unlocks where mass_message_id = any(?::uuid[]) group by mass_message_id`,
      [ids],
    );
    const contentIds = [...new Set(rows.flatMap((row) => row.attachments.map((a) => a.contentId)))];
    const reviews = contentIds.length
      ? await em.execute<{ content_id: string; status: ReviewStatus }[]>(
          `select content_id, status from message_media where content_id = any(?::uuid[])`,
          [arrayOf(contentIds)],
        )
      : [];
    const reviewOf = new Map(reviews.map((row) => [row.content_id, row.status]));
    const salesOf = new Map(sales.map((row) => [row.mass_message_id, row]));
    const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
    return rows.map((row) => ({
      id: row.id,
      segment: row.segment,
      contentId: row.content_id,
      text: row.body,
      attachments: row.attachments.map((a) => ({
        contentId: a.contentId,
        kind: a.kind,
        state: stateOf(reviewOf.get(a.contentId) ?? 'pending_review'),
      })),
      price: row.price_minor === null ? null : { amountMinor: Number(row.price_minor), currency: row.currency.trim() },
      status: row.status,
      recipients: row.recipients,
      delivered: row.delivered,
      unlocks: salesOf.get(row.id)?.unlocks ?? 0,
      revenueMinor: Number(salesOf.get(row.id)?.revenue ?? 0),
      currency: row.currency.trim(),
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: iso(row.sent_at),
      withdrawnAt: iso(row.withdrawn_at),
    }));
  }
}
