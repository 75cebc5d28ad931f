import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { UpdateMessagingPreferencesCommand } from './update-messaging-preferences.command.js';

@CommandHandler(UpdateMessagingPreferencesCommand)
export class UpdateMessagingPreferencesHandler implements ICommandHandler<UpdateMessagingPreferencesCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, emailDigest }: UpdateMessagingPreferencesCommand) {
    // The digest job reads this row under its own transaction: a switch-off committed before it looks is honoured.
    await this.orm.em.fork().execute(
      `insert into messaging_preferences (user_id, email_digest, updated_at) values (?, ?, ?)
       on conflict (user_id) do update set email_digest = excluded.email_digest, updated_at = excluded.updated_at`,
      [userId, emailDigest, this.clock.now()],
    );
    return { emailDigest };
  }
}
