import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { CreateContentCommand } from '#app/content-moderation';
import { StoreOwnerQuery } from '#app/commerce';
import { PostsErrors } from '../../posts.errors.js';
import { CreatePostMediaCommand } from './create-post-media.command.js';

@CommandHandler(CreatePostMediaCommand)
export class CreatePostMediaHandler implements ICommandHandler<CreatePostMediaCommand> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ creatorId, kind }: CreatePostMediaCommand) {
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store) throw PostsErrors.noStore();
    // content-moderation checks the creator is verified; the item is free: a post's price is the post's.
    const { id } = await this.commands.execute(
      new CreateContentCommand(
        creatorId,
        kind,
        { title: kind === 'video' ? 'Video for posts' : 'Photos for posts', priceMinor: 0, currency: store.currency },
        'post',
      ),
    );
    return { contentId: id };
  }
}
