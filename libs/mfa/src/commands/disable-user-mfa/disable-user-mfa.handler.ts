import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '#app/platform';
import { DowngradeFactorSessionsCommand, lockStaffActionOn } from '#app/identity';
import { MfaKit } from '../../domain/mfa-services.js';
import { MfaRepository } from '../../repositories/mfa.repository.js';
import { removeFactors } from '../unenroll-factor/remove-factors.js';
import { DisableUserMfaCommand } from './disable-user-mfa.command.js';

@CommandHandler(DisableUserMfaCommand)
export class DisableUserMfaHandler implements ICommandHandler<DisableUserMfaCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
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
    const factorIds = await this.mfa.transaction(async (em) => {
      // Checked on locked rows in the transaction that removes: a role granted meanwhile (to either side) waits for it or refuses it.
      await lockStaffActionOn(em, actorId, userId);
      const all = (await this.mfa.factorsOf(em, userId)).map((factor) => factor.id);
      const switchedOff = await removeFactors(this.mfa, em, userId, all);
      if (switchedOff && userEmail) this.kit.mail(em, userEmail, 'mfa-disabled');
      await this.audit.record(em, {
        actorId,
        action: 'mfa.disabled_by_staff',
        targetType: 'user',
        targetId: userId,
        details: { reason, removedFactors: all.length },
        ipAddress: ip,
      });
      return all;
    });
    await this.commands.execute(new DowngradeFactorSessionsCommand(userId, factorIds, true));
    return { removedFactors: factorIds.length };
  }
}
