import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What the unread-messages digest tells of. A message `m` the member `cm` has to hear about, `other`
 * being the conversation's other member: sent by them, before the cutoff, still unread (after the
 * member's read position: UUIDv7 ids sort by time), newer than the member's high-water mark, not
 * withdrawn, and not held for review. The member has not muted the conversation and neither side
 * blocked the other. The scan and, under the member rows' locks, the send both ask this.
 */
const MEMBERS_AND_MESSAGES = `
  conversation_members cm
  join conversation_members other on other.conversation_id = cm.conversation_id and other.user_id <> cm.user_id
  join messages m on m.conversation_id = cm.conversation_id`;

/** Takes one bind parameter: the cutoff. */
const DUE_MESSAGE = `
  cm.unread_count > 0 and cm.muted_at is null and cm.blocked_at is null and other.blocked_at is null
  and m.sender_id = other.user_id and m.created_at <= ? and m.withdrawn_at is null
  and (cm.last_read_message_id is null or m.id > cm.last_read_message_id)
  and (cm.digested_up_to_id is null or (m.created_at, m.id) > (cm.digested_up_to_at, cm.digested_up_to_id))
  and not exists (
    select 1 from message_attachments a left join message_media mm on mm.content_id = a.content_id
     where a.message_id = m.id and a.message_created_at = m.created_at and coalesce(mm.status, 'pending_review') = 'pending_review')`;

export interface DueConversation {
  conversation_id: string;
  role: 'fan' | 'creator';
  creator_id: string;
  fan_id: string;
  unread: number;
  /** The newest message included, the member's new high-water mark (its time as text: to the microsecond). */
  latest_id: string;
  latest_at: string;
  latest_body: string;
  latest_attachments: number;
  latest_priced: boolean;
}

/** The next members (by id, after `after`) with a message due and the digest not turned off, at most `limit`. */
export async function membersWithDueMessages(
  em: EntityManager,
  after: string,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await em.execute<{ user_id: string }[]>(
    `select distinct cm.user_id from ${MEMBERS_AND_MESSAGES}
      where cm.user_id > ? and ${DUE_MESSAGE}
        and not exists (select 1 from messaging_preferences p where p.user_id = cm.user_id and not p.email_digest)
      order by cm.user_id limit ?`,
    [after, cutoff, limit],
  );
  return rows.map((row) => row.user_id);
}

/** The member's conversations with messages due, latest first, each with its count and newest due message. */
export function dueConversationsOf(em: EntityManager, userId: string, cutoff: Date): Promise<DueConversation[]> {
  const newest = (column: string) => `(array_agg(${column} order by m.created_at desc, m.id desc))[1]`;
  return em.execute<DueConversation[]>(
    `select cm.conversation_id, cm.role, c.creator_id, c.fan_id, count(*)::int as unread,
            ${newest('m.id')} as latest_id, max(m.created_at)::text as latest_at, ${newest('m.body')} as latest_body,
            ${newest('m.attachment_count')}::int as latest_attachments, ${newest('m.price_minor is not null')} as latest_priced
       from ${MEMBERS_AND_MESSAGES} join conversations c on c.id = cm.conversation_id
      where cm.user_id = ? and ${DUE_MESSAGE}
      group by cm.conversation_id, cm.role, c.creator_id, c.fan_id
      order by max(m.created_at) desc, cm.conversation_id`,
    [userId, cutoff],
  );
}
