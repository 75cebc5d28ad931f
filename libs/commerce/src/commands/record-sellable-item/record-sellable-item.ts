import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, claimMessage, type ContentSaleEvent } from '#app/platform';
import { upsertSellableItem } from '../../repositories/sellable-items.repository.js';

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
      return (await upsertSellableItem(em, event, status, this.clock.now())) ? 'applied' : 'stale';
    });
  }
}
