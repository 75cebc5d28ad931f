import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Session } from '../../entities/session.entity.js';
import { SessionsEndedEvent } from '../../events/sessions-ended.event.js';
import { SignOutCommand } from './sign-out.command.js';

/** Ends sessions; their refresh tokens go with them by cascade and their access tokens stop working. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ userId, sessionId, scope }: SignOutCommand): Promise<void> {
    const em = this.orm.em.fork();
    if (scope === 'local') await em.nativeDelete(Session, { id: sessionId, userId });
    else if (scope === 'others') await em.nativeDelete(Session, { userId, id: { $ne: sessionId } });
    else await em.nativeDelete(Session, { userId });
    this.events.publish(
      new SessionsEndedEvent(
        userId,
        scope === 'local' ? { only: sessionId } : scope === 'others' ? { except: sessionId } : {},
      ),
    );
  }
}
