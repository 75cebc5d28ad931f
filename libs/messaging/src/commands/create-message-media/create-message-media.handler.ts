import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { CreateContentCommand } from '#app/content-moderation';
import { StoreOwnerQuery } from '#app/commerce';
import { MessagingErrors } from '../../messaging.errors.js';
import { CreateMessageMediaCommand } from './create-message-media.command.js';

@CommandHandler(CreateMessageMediaCommand)
export class CreateMessageMediaHandler implements ICommandHandler<CreateMessageMediaCommand> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ creatorId, kind }: CreateMessageMediaCommand) {
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store) throw MessagingErrors.notACreator();
    // content-moderation checks the creator is verified (and the platform live); the item is free: a message's price is the message's.
    const { id } = await this.commands.execute(
      new CreateContentCommand(
        creatorId,
        kind,
        {
          title: kind === 'video' ? 'Video for messages' : 'Photos for messages',
          priceMinor: 0,
          currency: store.currency,
        },
        'message',
      ),
    );
    return { contentId: id };
  }
}
