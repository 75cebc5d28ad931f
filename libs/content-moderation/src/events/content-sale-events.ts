import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Outbox, type JobName } from '#app/platform';
import { isPublic, type ReviewStatus } from '../domain/review-state.js';
import type { ContentItem, ContentStatus } from '../entities/content-item.entity.js';

type SaleEventName = Extract<JobName<'moderation'>, 'content-approved' | 'content-removed' | 'content-restored'>;

/** Which event a status change announces: one whenever the item starts or stops being public (and so sellable). */
export function saleEventOf(before: ContentStatus, after: ReviewStatus): SaleEventName | null {
  const was = before !== 'draft' && isPublic(before);
  if (was === isPublic(after)) return null;
  if (!was) return before === 'removed' ? 'content-restored' : 'content-approved';
  return 'content-removed';
}

/**
 * Tells commerce (through the outbox, in the caller's transaction) that a store item became sellable
 * or stopped being so, messaging where the review of an item it may have sent stands (every
 * decision on an item made for messages, and a store item's changes as commerce hears them), and
 * posts every decision on an item made for posts. The
 * item must be locked by the caller: its revision is the events' version.
 */
@Injectable()
export class ContentSaleEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  announce(em: EntityManager, item: ContentItem, before: ContentStatus, now: Date): void {
    if (item.status === 'draft') return;
    const event = item.purpose === 'store' ? saleEventOf(before, item.status) : null;
    const reviewChanged = item.purpose === 'store' ? event !== null : before !== item.status;
    if (!reviewChanged) return;
    item.revision += 1;
    const change = { contentId: item.id, version: item.revision, status: item.status, occurredAt: now.toISOString() };
    // An item made for posts is heard by posts alone; messages' and the store's items as before.
    if (item.purpose === 'post') {
      this.outbox.enqueue(em, 'moderation', 'post-media-reviewed', { ...change, creatorId: item.creatorId });
      return;
    }
    this.outbox.enqueue(em, 'moderation', 'content-review-changed', change);
    if (!event) return;
    this.outbox.enqueue(em, 'moderation', event, {
      contentId: item.id,
      version: item.revision,
      creatorId: item.creatorId,
      kind: item.kind,
      title: item.title,
      priceMinor: item.priceMinor,
      currency: item.currency,
      occurredAt: now.toISOString(),
    });
  }
}
