import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '#app/platform';
import { Session } from '../../entities/session.entity.js';
import { SessionsEndedEvent } from '../../events/sessions-ended.event.js';
import { EndSessionCommand } from './end-session.command.js';

@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ userId, sessionId }: EndSessionCommand): Promise<void> {
    // Someone else's session answers exactly like a missing one.
    const deleted = await this.orm.em.fork().nativeDelete(Session, { id: sessionId, userId });
    if (deleted === 0) throw new AppError(404, 'session_not_found', 'Session not found');
    this.events.publish(new SessionsEndedEvent(userId, { only: sessionId }));
  }
}
