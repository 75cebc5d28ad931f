import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AuditLog } from '#app/platform';
import { DowngradeFactorSessionsCommand, FindUserQuery, assertStaffMayActOn } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { MfaErrors } from '../../mfa.errors.js';
import { removeFactors } from '../unenroll-factor/remove-factors.js';
import { DisableUserMfaCommand } from './disable-user-mfa.command.js';

@CommandHandler(DisableUserMfaCommand)
export class DisableUserMfaHandler implements ICommandHandler<DisableUserMfaCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ actorId, userId, userEmail, reason, ip }: DisableUserMfaCommand): Promise<{ removedFactors: number }> {
    const [actor, target] = await Promise.all([this.queries.execute(new FindUserQuery(actorId)), this.queries.execute(new FindUserQuery(userId))]);
    if (!target) throw MfaErrors.userNotFound();
    assertStaffMayActOn({ id: actorId, role: actor?.role ?? 'fan' }, target);
    const factors = await this.orm.em.fork().transactional(async (em) => {
      const all = await em.find(MfaFactor, { userId });
      const switchedOff = await removeFactors(em, userId, all);
      if (switchedOff && userEmail) this.kit.mail(em, userEmail, 'mfa-disabled');
      await this.audit.record(em, { actorId, action: 'mfa.disabled_by_staff', targetType: 'user', targetId: userId, details: { reason, removedFactors: all.length }, ipAddress: ip });
      await em.flush();
      return all;
    });
    await this.commands.execute(new DowngradeFactorSessionsCommand(userId, factors.map((factor) => factor.id), true));
    return { removedFactors: factors.length };
  }
}
