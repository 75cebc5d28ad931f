import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { CommerceErrors } from '../../commerce.errors.js';
import { addFavorite, removeFavorite } from '../../repositories/favorites.repository.js';
import { SetFavoriteCommand } from './favorites.command.js';

@CommandHandler(SetFavoriteCommand)
export class SetFavoriteHandler implements ICommandHandler<SetFavoriteCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, storeSlug, favorite }: SetFavoriteCommand): Promise<void> {
    const em = this.orm.em.fork();
    const slug = storeSlug.toLowerCase();
    if (!favorite) {
      await removeFavorite(em, userId, slug);
      return;
    }
    if (!(await addFavorite(em, userId, slug, this.clock.now()))) throw CommerceErrors.storeNotFound();
  }
}
