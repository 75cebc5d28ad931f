import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { stateOf, type ReviewStatus } from '../../domain/attachments.js';
import { timeOfId } from '../../domain/message-ids.js';
import { opensFree } from '../../domain/owned-items.js';
import { OwnedItems } from '../owned-items/owned-items.js';
import type { MessagePosition, MessageRow, MessageView, Viewer } from './message-view.js';

export type { Money, MessageKind, MessageStatus } from '../../domain/message.js';
export type { MessagePosition, MessageRow, MessageView, UnlockItem, Viewer } from './message-view.js';

type AttachmentRow = {
  message_id: string;
  content_id: string;
  kind: 'video' | 'album';
  source: 'store' | 'upload';
  status: ReviewStatus | null;
};

const MESSAGE_COLUMNS =
  'id, created_at, conversation_id, sender_id, client_id, body, kind, price_minor, currency, tip_minor, tip_currency, mass_message_id, withdrawn_at, status, fee_minor, fee_currency';
/**
 * What a member sees of a conversation: every delivered message and their own held ones; an unsent
 * message stays for its sender and a buyer only. The three parameters are the viewer.
 */
const VISIBLE_TO = `((status = 'sent' or sender_id = ?) and (withdrawn_at is null or sender_id = ? or exists (select 1 from message_unlocks u where u.message_id = messages.id and u.buyer_id = ?)))`;
const placeholders = (values: unknown[]) => values.map(() => '?').join(', ');

/**
 * The read model of `messages` (a table partitioned by month: every lookup by id also bounds
 * created_at by the time the UUIDv7 id carries, so PostgreSQL reads one partition): pages, search,
 * counts and each message as a viewer sees it. Writes go through MessageRepository. Runs in the
 * caller's unit of work (pass its EntityManager).
 */
@Injectable()
export class MessageReads {
  constructor(@Inject(OwnedItems) private readonly ownedItems: OwnedItems) {}

  async byClientId(em: EntityManager, senderId: string, clientId: string): Promise<MessagePosition | null> {
    const [row] = await em.execute<{ message_id: string; message_created_at: Date }[]>(
      `select message_id, message_created_at from message_client_ids where sender_id = ? and client_id = ?`,
      [senderId, clientId],
    );
    return row ? { id: row.message_id, at: new Date(row.message_created_at) } : null;
  }

  /** A message by id alone (whichever conversation), found in the partition its id names; `lock` locks it for the caller's transaction. */
  async byIdAnywhere(em: EntityManager, id: string, lock = false): Promise<MessageRow | null> {
    const at = timeOfId(id);
    if (!at) return null;
    const [row] = await em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS} from messages where id = ? and created_at >= ? and created_at < ? ${lock ? 'for update' : ''}`,
      [id, at, new Date(at.getTime() + 1)],
    );
    return row ?? null;
  }

  /** One message of a conversation, found in the partition its id names. */
  async byId(em: EntityManager, conversationId: string, id: string): Promise<MessageRow | null> {
    const at = timeOfId(id);
    if (!at) return null;
    const [row] = await em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS} from messages where id = ? and conversation_id = ? and created_at >= ? and created_at < ?`,
      [id, conversationId, at, new Date(at.getTime() + 1)],
    );
    return row ?? null;
  }

  /**
   * A page of a conversation, newest first: the newest messages (no cursor), those just older than
   * `before`, or the oldest ones newer than `after` (a reconnecting client catching up in order).
   */
  async page(
    em: EntityManager,
    conversationId: string,
    viewerId: string,
    cursor: { before?: MessagePosition; after?: MessagePosition },
    limit: number,
  ): Promise<MessageRow[]> {
    const viewer = [viewerId, viewerId, viewerId];
    if (cursor.after) {
      const rows = await em.execute<MessageRow[]>(
        `select ${MESSAGE_COLUMNS} from messages where conversation_id = ? and ${VISIBLE_TO} and created_at >= ? and (created_at, id) > (?, ?) order by created_at, id limit ?`,
        [conversationId, ...viewer, cursor.after.at, cursor.after.at, cursor.after.id, limit],
      );
      return rows.reverse();
    }
    if (cursor.before) {
      return em.execute<MessageRow[]>(
        `select ${MESSAGE_COLUMNS} from messages where conversation_id = ? and ${VISIBLE_TO} and created_at <= ? and (created_at, id) < (?, ?) order by created_at desc, id desc limit ?`,
        [conversationId, ...viewer, cursor.before.at, cursor.before.at, cursor.before.id, limit],
      );
    }
    return em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS} from messages where conversation_id = ? and ${VISIBLE_TO} order by created_at desc, id desc limit ?`,
      [conversationId, ...viewer, limit],
    );
  }

  /** Whether `buyerId` unlocked this message (bought it). */
  async unlockedBy(em: EntityManager, messageId: string, buyerId: string): Promise<boolean> {
    const rows = await em.execute(`select 1 from message_unlocks where message_id = ? and buyer_id = ?`, [
      messageId,
      buyerId,
    ]);
    return rows.length > 0;
  }

  /** Whether `viewerId` may see this message (a held message is its sender's only). */
  visibleTo(row: MessageRow, viewerId: string): boolean {
    return row.status === 'sent' || row.sender_id === viewerId;
  }

  /** Conversations (other than `exceptConversationId`) the sender sent this text to since `since`. */
  async conversationsWithText(
    em: EntityManager,
    senderId: string,
    duplicateKey: string,
    since: Date,
    exceptConversationId: string,
  ): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(distinct conversation_id)::int as n from messages
        where sender_id = ? and created_at >= ? and conversation_id <> ? and mass_message_id is null and lower(regexp_replace(body, '\\s+', ' ', 'g')) = ?`,
      [senderId, since, exceptConversationId, duplicateKey],
    );
    return row.n;
  }

  /** Full-text search (prefix per word) in the conversations `userId` is a member of, newest first. */
  async search(em: EntityManager, userId: string, words: string[], limit: number): Promise<MessageRow[]> {
    const query = words.map((word) => `${word}:*`).join(' & ');
    return em.execute<MessageRow[]>(
      `select ${MESSAGE_COLUMNS.split(', ')
        .map((column) => `m.${column}`)
        .join(', ')} from messages m
         join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ?
        where to_tsvector('simple', m.body) @@ to_tsquery('simple', ?) and (m.status = 'sent' or m.sender_id = ?)
          and (m.withdrawn_at is null or m.sender_id = ? or exists (select 1 from message_unlocks u where u.message_id = m.id and u.buyer_id = ?))
        order by m.created_at desc, m.id desc limit ?`,
      [userId, query, userId, userId, userId, limit],
    );
  }

  /**
   * Each row as `viewer` sees it, with each attachment's state from messaging's copy of its review:
   * a priced message is locked for its recipient until they unlock it (message_unlocks), and its
   * sender sees how many did.
   */
  async views(em: EntityManager, rows: MessageRow[], viewer: Viewer): Promise<MessageView[]> {
    const ids = rows.map((row) => row.id);
    const priced = rows.filter((row) => row.price_minor !== null).map((row) => row.id);
    const unlocks = priced.length
      ? await em.execute<{ message_id: string; buyers: number; mine: boolean }[]>(
          `select message_id, count(*)::int as buyers, bool_or(buyer_id = ?::uuid) as mine from message_unlocks where message_id in (${placeholders(priced)}) group by message_id`,
          [viewer, ...priced],
        )
      : [];
    const unlocked = new Map(unlocks.map((row) => [row.message_id, row]));
    const attachments = ids.length
      ? await em.execute<AttachmentRow[]>(
          `select a.message_id, a.content_id, a.kind, a.source, mm.status from message_attachments a left join message_media mm on mm.content_id = a.content_id
            where a.message_id in (${placeholders(ids)}) order by a.message_id, a.position`,
          ids,
        )
      : [];
    const byMessage = new Map<string, AttachmentRow[]>();
    for (const row of attachments) byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), row]);
    const pricedRows = rows.filter((row) => row.price_minor !== null);
    const titles = await this.ownedItems.describe(
      pricedRows.flatMap((row) => (byMessage.get(row.id) ?? []).map((item) => item.content_id)),
    );
    // What the recipient owns already, asked of commerce per sender: owned by them, the message opens free (never sold to them).
    const owned = new Map<string, Set<string>>();
    if (viewer !== null) {
      for (const row of pricedRows.filter((row) => row.sender_id !== viewer && !unlocked.get(row.id)?.mine)) {
        const items = (byMessage.get(row.id) ?? [])
          .filter((item) => item.source === 'store')
          .map((item) => item.content_id);
        owned.set(row.id, await this.ownedItems.of(viewer, row.sender_id, items));
      }
    }
    return rows.map((row) => {
      const sender = viewer !== null && row.sender_id === viewer;
      const price = row.price_minor === null ? null : { amountMinor: Number(row.price_minor), currency: row.currency! };
      const items = byMessage.get(row.id) ?? [];
      const mine = owned.get(row.id) ?? new Set<string>();
      const free = opensFree(
        items.map((item) => ({ contentId: item.content_id, source: item.source })),
        mine,
      );
      const locked = price !== null && !sender && !unlocked.get(row.id)?.mine && !free;
      return {
        id: row.id,
        conversationId: row.conversation_id,
        senderId: row.sender_id,
        clientId: row.client_id,
        kind: row.kind,
        text: row.body,
        createdAt: new Date(row.created_at).toISOString(),
        attachments: items.map((item) => ({
          contentId: item.content_id,
          kind: item.kind,
          state: stateOf(item.status ?? 'pending_review'),
          locked,
        })),
        price,
        locked,
        unlocks:
          price === null
            ? []
            : items.map((item) => ({
                contentId: item.content_id,
                title: titles.get(item.content_id)?.title ?? '',
                kind: item.kind,
                owned: mine.has(item.content_id),
              })),
        tip: row.tip_minor === null ? null : { amountMinor: Number(row.tip_minor), currency: row.tip_currency! },
        massMessageId: row.mass_message_id,
        withdrawn: row.withdrawn_at !== null && (sender || (price !== null && !locked)),
        unlockCount: price !== null && sender ? (unlocked.get(row.id)?.buyers ?? 0) : null,
        status: row.status,
      };
    });
  }
}
