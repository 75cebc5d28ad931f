import { Command } from '@nestjs/cqrs';

/** The creator deletes a post: gone for everyone, its likes and comments with it. */
export class DeletePostCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly postId: string,
  ) {
    super();
  }
}
