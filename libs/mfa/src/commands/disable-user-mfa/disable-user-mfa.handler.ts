import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AuditLog } from '#app/platform';
import { DowngradeFactorSessionsCommand, lockStaffActionOn } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { removeFactors } from '../unenroll-factor/remove-factors.js';
import { DisableUserMfaCommand } from './disable-user-mfa.command.js';

@CommandHandler(DisableUserMfaCommand)
export class DisableUserMfaHandler implements ICommandHandler<DisableUserMfaCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({
    actorId,
    userId,
    userEmail,
    reason,
    ip,
  }: DisableUserMfaCommand): Promise<{ removedFactors: number }> {
    const factors = await this.orm.em.fork().transactional(async (em) => {
      // Checked on locked rows in the transaction that removes: a role granted meanwhile (to either side) waits for it or refuses it.
      await lockStaffActionOn(em, actorId, userId);
      const all = await em.find(MfaFactor, { userId });
      const switchedOff = await removeFactors(em, userId, all);
      if (switchedOff && userEmail) this.kit.mail(em, userEmail, 'mfa-disabled');
      await this.audit.record(em, {
        actorId,
        action: 'mfa.disabled_by_staff',
        targetType: 'user',
        targetId: userId,
        details: { reason, removedFactors: all.length },
        ipAddress: ip,
      });
      await em.flush();
      return all;
    });
    await this.commands.execute(
      new DowngradeFactorSessionsCommand(
        userId,
        factors.map((factor) => factor.id),
        true,
      ),
    );
    return { removedFactors: factors.length };
  }
}
