/**
 * A message `m` the member `cm` has to hear about in a digest, `other` being the conversation's
 * other member: sent by them, before the cutoff (one bind parameter), still unread (after the
 * member's read position: UUIDv7 ids sort by time), newer than the member's high-water mark, not
 * withdrawn, and not held for review. The member has not muted the conversation and neither side
 * blocked the other. Used by the scan and, under the member rows' locks, by the send.
 */
export const DUE_MESSAGE = `
  cm.unread_count > 0 and cm.muted_at is null and cm.blocked_at is null and other.blocked_at is null
  and m.sender_id = other.user_id and m.created_at <= ? and m.withdrawn_at is null
  and (cm.last_read_message_id is null or m.id > cm.last_read_message_id)
  and (cm.digested_up_to_id is null or (m.created_at, m.id) > (cm.digested_up_to_at, cm.digested_up_to_id))
  and not exists (
    select 1 from message_attachments a left join message_media mm on mm.content_id = a.content_id
     where a.message_id = m.id and a.message_created_at = m.created_at and coalesce(mm.status, 'pending_review') = 'pending_review')`;

export const MEMBERS_AND_MESSAGES = `
  conversation_members cm
  join conversation_members other on other.conversation_id = cm.conversation_id and other.user_id <> cm.user_id
  join messages m on m.conversation_id = cm.conversation_id`;
