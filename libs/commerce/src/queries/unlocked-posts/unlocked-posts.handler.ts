import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { UnlockedPostsQuery } from '../../ports/post-offers.js';
import { unlockedPosts } from './unlocked-posts.queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Posts' question to commerce: which of these posts the buyer paid to unlock (and still holds paid). */
@QueryHandler(UnlockedPostsQuery)
export class UnlockedPostsHandler implements IQueryHandler<UnlockedPostsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  execute({ buyerId, postIds }: UnlockedPostsQuery): Promise<string[]> {
    return unlockedPosts(
      this.orm.em.fork(),
      buyerId,
      postIds.filter((id) => UUID.test(id)),
    );
  }
}
