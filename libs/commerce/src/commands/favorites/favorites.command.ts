import { Command } from '@nestjs/cqrs';

/** Add a store to the fan's favourites, or take it out; both are idempotent. */
export class SetFavoriteCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly storeSlug: string,
    readonly favorite: boolean,
  ) {
    super();
  }
}
