import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, Outbox, type AppConfig } from '#app/platform';
import { ListStaffQuery } from '#app/identity';
import {
  markCasesDueSoon,
  markCasesOverdue,
  recordDeadlineBreach,
  type DeadlineCase,
} from '../repositories/moderation-deadlines.repository.js';

type DueRow = DeadlineCase;

const LABEL: Record<string, string> = { report: 'Content report', takedown: 'Takedown request', appeal: 'Appeal' };

/**
 * Keeps the policy's deadlines: when a quarter of a case's time is left it warns the moderators,
 * once; when the deadline passes it escalates to the admins and records the breach, once. Each
 * step is a conditional update, so a retried job or a second worker does nothing twice. Moderators
 * with the console open also hear both live (case.deadline on staff:moderation).
 */
@Injectable()
export class DeadlineWatch {
  private readonly logger = new Logger(DeadlineWatch.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(now: Date): Promise<{ warned: number; escalated: number }> {
    const moderators = await this.queries.execute(new ListStaffQuery(['moderator', 'admin']));
    const admins = moderators.filter((user) => user.role === 'admin');
    const consoleUrl = `${this.config.PUBLIC_URL}/admin/moderation`;
    return this.orm.em.fork().transactional(async (em) => {
      // Warn: a quarter of the window left, not yet warned, still open.
      const warned = await markCasesDueSoon(em, now);
      // Escalate: past the deadline and still open; the breach row is written once per case.
      const escalated = await markCasesOverdue(em, now);
      for (const row of escalated) await recordDeadlineBreach(em, row, now);
      for (const row of warned) {
        for (const staff of moderators) this.mail(em, staff.email, 'moderation-deadline-warning', row, consoleUrl);
        this.outbox.enqueue(em, 'notifications', 'case-deadline', { caseId: row.id, stage: 'due_soon' });
      }
      for (const row of escalated) {
        for (const admin of admins) this.mail(em, admin.email, 'moderation-deadline-breached', row, consoleUrl);
        this.outbox.enqueue(em, 'notifications', 'case-deadline', { caseId: row.id, stage: 'overdue' });
      }
      if (warned.length || escalated.length)
        this.logger.warn(`deadlines: ${warned.length} warned, ${escalated.length} escalated`);
      return { warned: warned.length, escalated: escalated.length };
    });
  }

  private mail(
    em: Parameters<Outbox['enqueue']>[0],
    to: string,
    template: string,
    row: DueRow,
    consoleUrl: string,
  ): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template,
      variables: {
        caseKind: LABEL[row.kind] ?? row.kind,
        caseId: row.id,
        dueAt: new Date(row.due_at).toUTCString(),
        consoleUrl: `${consoleUrl}/${row.id}`,
      },
    });
  }
}
