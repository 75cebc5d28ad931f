import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { DowngradeFactorSessionsCommand } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { removeFactors } from './remove-factors.js';
import { UnenrollFactorCommand } from './unenroll-factor.command.js';

/** Removes one of the user's factors; a verified one only from an aal2 session. */
@CommandHandler(UnenrollFactorCommand)
export class UnenrollFactorHandler implements ICommandHandler<UnenrollFactorCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ auth, factorId }: UnenrollFactorCommand): Promise<{ id: string }> {
    const switchedOff = await this.orm.em.fork().transactional(async (em) => {
      const factor = await em.findOne(MfaFactor, { id: factorId, userId: auth.user.id });
      if (!factor) throw MfaErrors.factorNotFound();
      if (factor.status === 'verified' && auth.claims.aal !== 'aal2') throw MfaErrors.aal2ToUnenroll();
      const off = await removeFactors(em, auth.user.id, [factor]);
      if (off) this.kit.mail(em, auth.user.email, 'mfa-disabled');
      await em.flush();
      return off;
    });
    await this.commands.execute(new DowngradeFactorSessionsCommand(auth.user.id, [factorId], switchedOff));
    return { id: factorId };
  }
}
