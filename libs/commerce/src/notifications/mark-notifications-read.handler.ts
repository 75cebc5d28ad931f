import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MarkNotificationsReadCommand } from './mark-notifications-read.command.js';
import { markCreatorNotificationsRead } from '../repositories/creator-notifications.repository.js';
import { unreadCount } from './unread-count.queries.js';

@CommandHandler(MarkNotificationsReadCommand)
export class MarkNotificationsReadHandler implements ICommandHandler<MarkNotificationsReadCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ userId, upToId }: MarkNotificationsReadCommand): Promise<{ unreadCount: number }> {
    return this.orm.em.fork().transactional(async (em) => {
      await markCreatorNotificationsRead(em, userId, upToId, this.clock.now());
      return { unreadCount: await unreadCount(em, userId) };
    });
  }
}
