import type { ContentMediaFacts } from '#app/entitlements';

/**
 * Does the fan own this store item: bought (where the store still opens it to them) or included in a
 * live subscription to its store. The same reading as the entitlement rules' 'purchase' grant.
 */
export function ownsItem(facts: ContentMediaFacts['purchase']): boolean {
  return facts !== null && (facts.subscribed || (facts.bought && !facts.subscribersOnly));
}

/**
 * A priced message opens free for a recipient who owns every item in it. Only store items can be
 * owned (an upload made for a message is sold nowhere else), so one such upload keeps the full price.
 */
export function opensFree(
  attachments: { contentId: string; source: 'store' | 'upload' }[],
  owned: ReadonlySet<string>,
): boolean {
  return attachments.length > 0 && attachments.every((item) => item.source === 'store' && owned.has(item.contentId));
}
