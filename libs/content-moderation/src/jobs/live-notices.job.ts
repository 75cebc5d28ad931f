import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, type JobData, type JobProcessor } from '#app/platform';
import { RealtimePublisher } from '#app/realtime';
import { ContentItem } from '../entities/content-item.entity.js';
import { ModerationCase } from '../entities/moderation-case.entity.js';

/** The creator hears a review decision live (user:<id>), as the item stands now: a later change makes this notice moot. */
@Injectable()
@JobHandler('notifications', 'content-decided')
export class ContentDecidedNoticeJob implements JobProcessor<'notifications', 'content-decided'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(RealtimePublisher) private readonly live: RealtimePublisher,
  ) {}

  async handle(data: JobData<'notifications', 'content-decided'>): Promise<'sent' | 'skipped'> {
    const item = await this.orm.em.fork().findOne(ContentItem, { id: data.contentId });
    if (!item || (item.status !== 'approved' && item.status !== 'rejected')) return 'skipped';
    await this.live.publish(`user:${item.creatorId}`, 'content.decided', {
      contentId: item.id,
      kind: item.kind,
      title: item.title,
      status: item.status,
      reason: item.rejectionReason,
    });
    return 'sent';
  }
}

/** Moderators hear of a new case live (staff:moderation) while it is still open. */
@Injectable()
@JobHandler('notifications', 'case-opened')
export class CaseOpenedNoticeJob implements JobProcessor<'notifications', 'case-opened'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(RealtimePublisher) private readonly live: RealtimePublisher,
  ) {}

  async handle(data: JobData<'notifications', 'case-opened'>): Promise<'sent' | 'skipped'> {
    const entry = await this.orm.em.fork().findOne(ModerationCase, { id: data.caseId });
    if (!entry || entry.status !== 'open') return 'skipped';
    await this.live.publish('staff:moderation', 'case.opened', {
      caseId: entry.id,
      kind: entry.kind,
      subjectType: entry.subjectType,
      reason: entry.reason,
      dueAt: entry.dueAt.toISOString(),
    });
    return 'sent';
  }
}

/** Moderators hear live that an open case is due soon (a quarter of its time left) or overdue, as the deadline watch decided. */
@Injectable()
@JobHandler('notifications', 'case-deadline')
export class CaseDeadlineNoticeJob implements JobProcessor<'notifications', 'case-deadline'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(RealtimePublisher) private readonly live: RealtimePublisher,
  ) {}

  async handle(data: JobData<'notifications', 'case-deadline'>): Promise<'sent' | 'skipped'> {
    const entry = await this.orm.em.fork().findOne(ModerationCase, { id: data.caseId });
    if (!entry || entry.status !== 'open') return 'skipped';
    await this.live.publish('staff:moderation', 'case.deadline', {
      caseId: entry.id,
      kind: entry.kind,
      stage: data.stage,
      dueAt: entry.dueAt.toISOString(),
    });
    return 'sent';
  }
}
