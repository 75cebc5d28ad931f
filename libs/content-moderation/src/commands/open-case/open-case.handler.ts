import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, RateLimits } from '#app/platform';
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
  ) {}

  async execute(command: OpenCaseCommand) {
    await this.limits.consume('moderationCasesPerIp', CASES_PER_IP, command.ip, { message: 'Too many reports from this address. Try again later.' });
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
    await em.persist(entry).flush();
    return { id: entry.id, dueAt: entry.dueAt.toISOString() };
  }
}
