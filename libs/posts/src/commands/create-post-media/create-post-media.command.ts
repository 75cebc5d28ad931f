import { Command } from '@nestjs/cqrs';

/** A creator starts an item for posts (a video or photos): upload its files over tus, then submit it for review. */
export class CreatePostMediaCommand extends Command<{ contentId: string }> {
  constructor(
    readonly creatorId: string,
    readonly kind: 'video' | 'album',
  ) {
    super();
  }
}
