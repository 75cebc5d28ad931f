import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { StoreOwnerQuery } from '#app/commerce';
import { checkSetting } from '../../domain/who-may-message.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingSettingsRepository } from '../../repositories/messaging-settings.repository.js';
import { UpdateMessagingSettingsCommand } from './update-messaging-settings.command.js';

@CommandHandler(UpdateMessagingSettingsCommand)
export class UpdateMessagingSettingsHandler implements ICommandHandler<UpdateMessagingSettingsCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ creatorId, audience, priceMinor }: UpdateMessagingSettingsCommand) {
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store) throw MessagingErrors.notACreator();
    const checked = checkSetting(audience, priceMinor, store.currency);
    if (!checked.ok) throw MessagingErrors.badSetting(checked.problem.field, checked.problem.message);
    const { setting } = checked;
    await MessagingSettingsRepository.save(this.orm.em.fork(), creatorId, setting, this.clock.now());
    return { ...setting, storeCurrency: store.currency };
  }
}
