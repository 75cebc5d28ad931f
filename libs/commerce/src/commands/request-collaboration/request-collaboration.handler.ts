import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '#app/platform';
import { RequestCollaborationCommand } from '#app/content-moderation';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { RequestStoreCollaborationCommand } from './request-collaboration.command.js';

@CommandHandler(RequestStoreCollaborationCommand)
export class RequestStoreCollaborationHandler implements ICommandHandler<RequestStoreCollaborationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ slug, userId, message }: RequestStoreCollaborationCommand) {
    const wanted = slug.toLowerCase();
    const store =
      wanted.length <= SLUG_MAX_LENGTH
        ? await this.orm.em.fork().findOne(Store, { slug: wanted, status: 'active' })
        : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (!store.acceptsCollaborationRequests)
      throw new AppError(403, 'requests_closed', 'This creator is not accepting collaboration requests');
    return this.commands.execute(new RequestCollaborationCommand(store.ownerId, userId, message));
  }
}
