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
 * Tells commerce (through the outbox, in the caller's transaction) that an item became sellable or
 * stopped being so. The item must be locked by the caller: its revision is the event's version.
 */
@Injectable()
export class ContentSaleEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  announce(em: EntityManager, item: ContentItem, before: ContentStatus, now: Date): void {
    const event = item.status === 'draft' ? null : saleEventOf(before, item.status);
    if (!event) return;
    item.revision += 1;
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
