import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, claimMessage, type ContentSaleEvent } from '#app/platform';

export type SellableStatus = 'sellable' | 'withdrawn';
/** applied: the row now says what the event says; stale: a newer event was applied before; duplicate: this delivery was seen. */
export type RecordOutcome = 'applied' | 'stale' | 'duplicate';

const CONSUMER = 'commerce.sellable-items';

/**
 * Keeps sellable_items in step with content-moderation's events. Idempotent (a processed-message
 * row per delivery) and order-safe: a row only moves to a higher version, so an older event that
 * arrives late changes nothing, whichever event it is.
 */
@Injectable()
export class RecordSellableItem {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  record(status: SellableStatus, event: ContentSaleEvent & { messageId?: string }): Promise<RecordOutcome> {
    return this.orm.em.fork().transactional(async (em) => {
      if (event.messageId && !(await claimMessage(em, CONSUMER, event.messageId))) return 'duplicate';
      const written = await em.execute<{ content_id: string }[]>(
        `insert into sellable_items as s (content_id, creator_id, kind, title, price_minor, currency, status, version, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (content_id) do update
           set creator_id = excluded.creator_id, kind = excluded.kind, title = excluded.title, price_minor = excluded.price_minor,
               currency = excluded.currency, status = excluded.status, version = excluded.version, updated_at = excluded.updated_at
         where s.version < excluded.version
         returning content_id`,
        [event.contentId, event.creatorId, event.kind, event.title, event.priceMinor, event.currency, status, event.version, this.clock.now()],
      );
      return written.length > 0 ? 'applied' : 'stale';
    });
  }
}
