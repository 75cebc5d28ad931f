import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AudienceCountQuery, AudiencePageQuery, type AudienceSelector } from '#app/commerce';
import { Clock, JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { FAN_OUT_PAGE } from '../../domain/mass-messages.js';
import {
  MassMessageRepository,
  type Delivery,
  type MassMessageRow,
} from '../../repositories/mass-message.repository.js';
import { unreadTotalsOf } from '../../queries/unread-counts/unread-counts.queries.js';
import { withoutJit } from '../../repositories/query-plans.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';

export type PageOutcome =
  { kind: 'delivered'; fans: number; delivered: number } | { kind: 'done' } | { kind: 'stopped' };

const selectorOf = (row: MassMessageRow): AudienceSelector => ({
  creatorId: row.creator_id,
  segment: row.segment,
  contentId: row.content_id,
});

/**
 * Delivers a mass message page by page. Each page is one transaction that holds the mass message's
 * row: it re-reads the status (a withdrawn one stops), takes the next fans after the checkpoint from
 * commerce's segment, stores their copies set-based and moves the checkpoint. A page that failed
 * left nothing behind; one that committed is never repeated, whichever attempt or worker runs next.
 */
@Injectable()
@JobHandler('notifications', 'mass-message-fan-out')
export class FanOutMassMessageJob implements JobProcessor<'notifications', 'mass-message-fan-out'> {
  /** Fans per page (tests make it small to have several pages). */
  pageSize = FAN_OUT_PAGE;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MassMessageRepository) private readonly massMessages: MassMessageRepository,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async handle(data: JobData<'notifications', 'mass-message-fan-out'>): Promise<{ pages: number; delivered: number }> {
    await this.start(data.massMessageId);
    let pages = 0;
    let delivered = 0;
    // A page's notices go out while the next page is stored (one page of notices in flight at most).
    let notices: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        const { outcome, deliveries } = await this.store(data.massMessageId);
        await notices;
        notices = this.announce(deliveries);
        if (outcome.kind !== 'delivered') break;
        pages += 1;
        delivered += outcome.delivered;
      }
    } finally {
      await notices;
    }
    return { pages, delivered };
  }

  /** The first run counts the segment (what `recipients` shows); later runs find it started. */
  private async start(id: string): Promise<void> {
    await this.orm.em.fork().transactional(async (tx) => {
      const row = await this.massMessages.lock(tx, id);
      if (row?.status !== 'queued') return;
      await this.massMessages.start(tx, id, await this.queries.execute(new AudienceCountQuery(selectorOf(row))));
    });
  }

  /** One page from the checkpoint, in one transaction; then the recipients' badges are announced. */
  async page(id: string): Promise<PageOutcome> {
    const { outcome, deliveries } = await this.store(id);
    await this.announce(deliveries);
    return outcome;
  }

  private async store(id: string): Promise<{ outcome: PageOutcome; deliveries: Delivery[] }> {
    const now = this.clock.now();
    return this.orm.em.fork().transactional(async (tx): Promise<{ outcome: PageOutcome; deliveries: Delivery[] }> => {
      await withoutJit(tx);
      const row = await this.massMessages.lock(tx, id);
      if (!row || (row.status !== 'queued' && row.status !== 'sending'))
        return { outcome: { kind: 'stopped' }, deliveries: [] };
      const fans = await this.queries.execute(new AudiencePageQuery(selectorOf(row), row.last_fan_id, this.pageSize));
      if (fans.length === 0) {
        await this.massMessages.finish(tx, id, now);
        return { outcome: { kind: 'done' }, deliveries: [] };
      }
      const deliveries = await this.massMessages.deliverPage(tx, row, fans, now);
      await this.massMessages.checkpoint(tx, id, fans[fans.length - 1], deliveries.length);
      return { outcome: { kind: 'delivered', fans: fans.length, delivered: deliveries.length }, deliveries };
    });
  }

  /**
   * One `unread` notice on each recipient's own channel (muted conversations stay quiet), after the
   * commit: the badge moves, and an open thread catches up from the database. One query for the
   * page's badge totals, never one per fan.
   */
  private async announce(deliveries: Delivery[]): Promise<void> {
    const heard = deliveries.filter((delivery) => !delivery.muted);
    if (heard.length === 0) return;
    const totals = await unreadTotalsOf(
      this.orm.em.fork(),
      heard.map((delivery) => delivery.userId),
    );
    const totalOf = new Map(totals.map((row) => [row.user_id, row.total]));
    // Published together (the bus pipelines them); a failed publish is logged by MessagingRealtime, never thrown.
    await Promise.all(
      heard.map((delivery) => {
        const total = totalOf.get(delivery.userId) ?? delivery.unread;
        return this.realtime.unread(delivery.userId, {
          total,
          conversationId: delivery.conversationId,
          unread: delivery.unread,
        });
      }),
    );
  }
}
