import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, Clock, Outbox, RateLimits, type AppConfig } from '#app/platform';
import { ListStaffQuery } from '#app/identity';
import { dueAt } from '../../domain/business-days.js';
import { ModerationCase } from '../../entities/moderation-case.entity.js';
import { OpenCaseCommand } from './open-case.command.js';

export const CASES_PER_IP = { points: 20, duration: 3600 };

@CommandHandler(OpenCaseCommand)
export class OpenCaseHandler implements ICommandHandler<OpenCaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: OpenCaseCommand) {
    await this.limits.consume('moderationCasesPerIp', CASES_PER_IP, command.ip, {
      message: 'Too many reports from this address. Try again later.',
    });
    const now = this.clock.now();
    const em = this.orm.em.fork();
    const entry = em.create(ModerationCase, {
      kind: command.kind,
      subjectType: command.subjectType,
      subjectId: command.subjectId,
      reason: command.reason,
      details: command.details,
      reporterUserId: command.reporterUserId,
      reporterEmail: command.reporterEmail,
      status: 'open',
      openedAt: now,
      dueAt: dueAt(command.kind, now),
    });
    em.persist(entry);
    // Moderators hear of every new case at once; the deadline watch reminds them later.
    const label = { report: 'Content report', takedown: 'Takedown request', appeal: 'Appeal' }[command.kind];
    for (const moderator of await this.queries.execute(new ListStaffQuery(['moderator']))) {
      this.outbox.enqueue(em, 'notifications', 'send-email', {
        to: moderator.email,
        template: 'moderation-case-opened',
        variables: {
          caseKind: label,
          caseId: entry.id,
          dueAt: entry.dueAt.toUTCString(),
          consoleUrl: `${this.config.PUBLIC_URL}/admin/moderation/${entry.id}`,
        },
      });
    }
    this.outbox.enqueue(em, 'notifications', 'case-opened', { caseId: entry.id });
    await em.flush();
    return { id: entry.id, dueAt: entry.dueAt.toISOString() };
  }
}
