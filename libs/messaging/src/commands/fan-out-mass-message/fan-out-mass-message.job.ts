import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { FAN_OUT_PAGE } from '../../domain/mass-messages.js';
import type { Delivery } from '../../repositories/messaging-store.js';
import { unreadTotalsOf } from '../../queries/unread-counts/unread-counts.queries.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { MassSendPages, type PageOutcome } from './mass-send-pages.js';

/**
 * Delivers a mass message page by page (MassSendPages: one transaction per page, from the
 * checkpoint), and after each page's commit announces the recipients' badges.
 */
@Injectable()
@JobHandler('notifications', 'mass-message-fan-out')
export class FanOutMassMessageJob implements JobProcessor<'notifications', 'mass-message-fan-out'> {
  /** Fans per page (tests make it small to have several pages). */
  pageSize = FAN_OUT_PAGE;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MassSendPages) private readonly pages: MassSendPages,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async handle(data: JobData<'notifications', 'mass-message-fan-out'>): Promise<{ pages: number; delivered: number }> {
    await this.pages.start(data.massMessageId);
    let pages = 0;
    let delivered = 0;
    // A page's notices go out while the next page is stored (one page of notices in flight at most).
    let notices: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        const { outcome, deliveries } = await this.pages.next(data.massMessageId, this.pageSize);
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

  /** One page from the checkpoint, in one transaction; then the recipients' badges are announced. */
  async page(id: string): Promise<PageOutcome> {
    const { outcome, deliveries } = await this.pages.next(id, this.pageSize);
    await this.announce(deliveries);
    return outcome;
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
