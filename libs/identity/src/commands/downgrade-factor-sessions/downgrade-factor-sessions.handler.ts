import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Session } from '../../entities/session.entity.js';
import { AmrClaim } from '../../entities/amr-claim.entity.js';
import { SECOND_FACTOR_METHODS } from '../../auth/session-issuer.js';
import { AccessChangedEvent } from '../../events/access-changed.event.js';
import { DowngradeFactorSessionsCommand } from './downgrade-factor-sessions.command.js';

@CommandHandler(DowngradeFactorSessionsCommand)
export class DowngradeFactorSessionsHandler implements ICommandHandler<DowngradeFactorSessionsCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ userId, factorIds, everySession }: DowngradeFactorSessionsCommand): Promise<void> {
    const downgraded = await this.orm.em.fork().transactional(async (em) => {
      const sessions = await em.find(
        Session,
        everySession ? { userId } : { userId, factorId: { $in: [...factorIds] } },
      );
      if (sessions.length === 0) return false;
      const ids = sessions.map((session) => session.id);
      // A recovery-code claim would otherwise lift the session back to aal2 on its next refresh.
      await em.nativeDelete(AmrClaim, {
        sessionId: { $in: ids },
        authenticationMethod: { $in: [...SECOND_FACTOR_METHODS] as AmrClaim['authenticationMethod'][] },
      });
      await em.nativeUpdate(Session, { id: { $in: ids } }, { aal: 'aal1', factorId: null });
      return true;
    });
    // After the commit: channels that needed aal2 (staff:moderation) are re-checked and closed.
    if (downgraded) this.events.publish(new AccessChangedEvent(userId, 'aal'));
  }
}
