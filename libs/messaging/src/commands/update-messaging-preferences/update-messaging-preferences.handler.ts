import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MessagingPreferencesRepository } from '../../repositories/messaging-preferences.repository.js';
import { UpdateMessagingPreferencesCommand } from './update-messaging-preferences.command.js';

@CommandHandler(UpdateMessagingPreferencesCommand)
export class UpdateMessagingPreferencesHandler implements ICommandHandler<UpdateMessagingPreferencesCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, emailDigest }: UpdateMessagingPreferencesCommand) {
    await MessagingPreferencesRepository.save(this.orm.em.fork(), userId, emailDigest, this.clock.now());
    return { emailDigest };
  }
}
