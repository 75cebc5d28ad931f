import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AudienceSegment } from '#app/commerce';
import { stateOf, type AttachmentState, type ReviewStatus } from '../domain/attachments.js';
import type { MassAttachment, MassMessageStatus } from '../domain/mass-messages.js';
import type { MassSend, MassSendProgress } from './messaging-store.js';
import { withoutJit } from './query-plans.js';

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

/** A PostgreSQL array literal of values that are uuids or plain words (never free text). */
const arrayOf = (values: string[]) => `{${values.join(',')}}`;

const massSendOf = (row: MassMessageRow): MassSend => ({
  id: row.id,
  creatorId: row.creator_id,
  segment: row.segment,
  contentId: row.content_id,
  body: row.body,
  attachments: row.attachments,
  price: row.price_minor === null ? null : { amountMinor: Number(row.price_minor), currency: row.currency.trim() },
  status: row.status,
  lastFanId: row.last_fan_id,
});

/**
 * The PostgreSQL adapter of MassSendProgress, in one MessagingStore transaction: the fan-out's and
 * a withdrawal's writes of `mass_messages` (their copies are MessageRepository's).
 */
export class PostgresMassSendProgress implements MassSendProgress {
  constructor(private readonly tx: EntityManager) {}

  /**
   * Takes the row for the transaction, first of its statements: from here on without JIT (withoutJit),
   * as the fan-out's audience page and its copies read tables whose statistics lag their growth.
   */
  async lock(id: string): Promise<MassSend | null> {
    await withoutJit(this.tx);
    const [row] = await this.tx.execute<MassMessageRow[]>(`select * from mass_messages where id = ? for update`, [id]);
    return row ? massSendOf(row) : null;
  }

  async start(id: string, recipients: number): Promise<void> {
    await this.tx.execute(
      `update mass_messages set status = 'sending', recipients = ? where id = ? and status = 'queued'`,
      [recipients, id],
    );
  }

  async checkpoint(id: string, lastFanId: string, delivered: number): Promise<void> {
    await this.tx.execute(
      `update mass_messages set last_fan_id = ?, delivered = delivered + ?, status = 'sending' where id = ?`,
      [lastFanId, delivered, id],
    );
  }

  async finish(id: string, at: Date): Promise<void> {
    await this.tx.execute(
      `update mass_messages set status = 'sent', sent_at = ? where id = ? and status in ('queued', 'sending')`,
      [at, id],
    );
  }

  async markWithdrawn(id: string, at: Date): Promise<void> {
    await this.tx.execute(
      `update mass_messages set status = 'withdrawn', withdrawn_at = coalesce(withdrawn_at, ?) where id = ?`,
      [at, id],
    );
  }
}

/**
 * mass_messages as the creator queues and reads them: the request (one at a time per creator,
 * counted per day), its row by id or client id, and the creator's view with its sales. The fan-out's
 * progress is PostgresMassSendProgress; the copies are written by MessageRepository.sendMany.
 */
@Injectable()
export class MassMessageRepository {
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
