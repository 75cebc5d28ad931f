import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MarkNotificationsReadCommand } from './mark-notifications-read.command.js';
import { unreadCount } from './unread-count.js';

@CommandHandler(MarkNotificationsReadCommand)
export class MarkNotificationsReadHandler implements ICommandHandler<MarkNotificationsReadCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ userId, upToId }: MarkNotificationsReadCommand): Promise<{ unreadCount: number }> {
    return this.orm.em.fork().transactional(async (em) => {
      // Only the caller's rows: another user's id as the bound marks nothing of theirs.
      await em.execute(`update creator_notifications set read_at = ? where user_id = ? and read_at is null and (?::bigint is null or id <= ?::bigint)`, [this.clock.now(), userId, upToId, upToId]);
      return { unreadCount: await unreadCount(em, userId) };
    });
  }
}
