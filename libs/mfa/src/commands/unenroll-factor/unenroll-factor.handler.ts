import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DowngradeFactorSessionsCommand } from '#app/identity';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { MfaRepository } from '../../repositories/mfa.repository.js';
import { removeFactors } from './remove-factors.js';
import { UnenrollFactorCommand } from './unenroll-factor.command.js';

/** Removes one of the user's factors; a verified one only from an aal2 session. */
@CommandHandler(UnenrollFactorCommand)
export class UnenrollFactorHandler implements ICommandHandler<UnenrollFactorCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: Pick<CommandBus, 'execute'>,
  ) {}

  async execute({ auth, factorId }: UnenrollFactorCommand): Promise<{ id: string }> {
    const switchedOff = await this.mfa.transaction(async (em) => {
      const factor = await this.mfa.factorOf(em, auth.user.id, factorId);
      if (!factor) throw MfaErrors.factorNotFound();
      if (factor.status === 'verified' && auth.claims.aal !== 'aal2') throw MfaErrors.aal2ToUnenroll();
      const off = await removeFactors(this.mfa, em, auth.user.id, [factor.id]);
      if (off) this.kit.mail(em, auth.user.email, 'mfa-disabled');
      return off;
    });
    await this.commands.execute(new DowngradeFactorSessionsCommand(auth.user.id, [factorId], switchedOff));
    return { id: factorId };
  }
}
