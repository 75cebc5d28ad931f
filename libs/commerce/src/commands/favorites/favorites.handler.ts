import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { CommerceErrors } from '../../commerce.errors.js';
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
      await em.execute(`delete from favorites where user_id = ? and store_id = (select id from stores where slug = ?)`, [userId, slug]);
      return;
    }
    const [store] = await em.execute<{ id: string }[]>(
      `with s as (select id from stores where slug = ? and status = 'active')
       , ins as (insert into favorites (user_id, store_id, created_at) select ?, id, ? from s on conflict do nothing)
       select id from s`,
      [slug, userId, this.clock.now()],
    );
    if (!store) throw CommerceErrors.storeNotFound();
  }
}
