import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AudienceCountQuery, AudiencePageQuery, type AudienceSelector } from '#app/commerce';
import { Clock } from '#app/platform';
import { MessagingStore, type Delivery, type MassSend } from '../../repositories/messaging-store.js';

export type PageOutcome =
  { kind: 'delivered'; fans: number; delivered: number } | { kind: 'done' } | { kind: 'stopped' };

const selectorOf = (mass: MassSend): AudienceSelector => ({
  creatorId: mass.creatorId,
  segment: mass.segment,
  contentId: mass.contentId,
});

/**
 * The fan-out's writes, page by page, through the one MessagingStore. Each page is one transaction
 * that holds the mass message's row: it re-reads the status (a withdrawn one stops), takes the next
 * fans after the checkpoint from commerce's segment, stores their copies set-based
 * (MessageRepository.sendMany) and moves the checkpoint. A page that failed left nothing behind;
 * one that committed is never repeated, whichever attempt or worker runs next.
 */
@Injectable()
export class MassSendPages {
  constructor(
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  /** The first run counts the segment (what `recipients` shows); later runs find it started. */
  async start(id: string): Promise<void> {
    await this.store.transaction(async ({ massSends }) => {
      const mass = await massSends.lock(id);
      if (mass?.status !== 'queued') return;
      await massSends.start(id, await this.queries.execute(new AudienceCountQuery(selectorOf(mass))));
    });
  }

  /** The next page of at most `size` fans after the checkpoint, in one transaction: what it did, and who received a copy. */
  async next(id: string, size: number): Promise<{ outcome: PageOutcome; deliveries: Delivery[] }> {
    const now = this.clock.now();
    return this.store.transaction(async ({ massSends, messages }) => {
      const mass = await massSends.lock(id);
      if (!mass || (mass.status !== 'queued' && mass.status !== 'sending'))
        return { outcome: { kind: 'stopped' as const }, deliveries: [] };
      const fanIds = await this.queries.execute(new AudiencePageQuery(selectorOf(mass), mass.lastFanId, size));
      if (fanIds.length === 0) {
        await massSends.finish(id, now);
        return { outcome: { kind: 'done' as const }, deliveries: [] };
      }
      const deliveries = await messages.sendMany({
        massMessageId: mass.id,
        creatorId: mass.creatorId,
        body: mass.body,
        attachments: mass.attachments,
        price: mass.price,
        fanIds,
        at: now,
      });
      await massSends.checkpoint(id, fanIds[fanIds.length - 1], deliveries.length);
      return { outcome: { kind: 'delivered' as const, fans: fanIds.length, delivered: deliveries.length }, deliveries };
    });
  }
}
