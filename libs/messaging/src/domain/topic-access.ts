import type { TopicAccess } from '#app/realtime';

/**
 * Realtime access to `conversation:<id>` (issue 22): members join, type and track presence. While
 * either side blocks the other, both may still join (their history and its updates stay theirs)
 * but neither broadcasts (typing) nor shows presence, so a blocked person learns nothing live of
 * the other; blocking revokes both members' subscriptions so the rule applies at once.
 */
export function conversationAccess(member: { blocked: boolean } | null): TopicAccess | null {
  if (!member) return null;
  return member.blocked ? { write: false, presence: false } : { write: true, presence: true };
}
