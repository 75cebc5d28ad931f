import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Session } from '../../entities/session.entity.js';
import { AmrClaim } from '../../entities/amr-claim.entity.js';
import { DowngradeFactorSessionsCommand } from './downgrade-factor-sessions.command.js';

@CommandHandler(DowngradeFactorSessionsCommand)
export class DowngradeFactorSessionsHandler implements ICommandHandler<DowngradeFactorSessionsCommand> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId, factorId }: DowngradeFactorSessionsCommand): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const sessions = await em.find(Session, { userId, factorId });
      if (sessions.length === 0) return;
      const ids = sessions.map((session) => session.id);
      await em.nativeDelete(AmrClaim, { sessionId: { $in: ids }, authenticationMethod: 'totp' });
      await em.nativeUpdate(Session, { id: { $in: ids } }, { aal: 'aal1', factorId: null });
    });
  }
}
