import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ConversationBlockQuery,
  PostOfferQuery,
  StoreVisitQuery,
  UnlockedPostsQuery,
  type PostOfferAnswer,
} from '#app/commerce';
import { AppError } from '#app/platform';
import { postById } from '../post-views/post-reads.queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Posts' answer to commerce's port (commerce defines the query, posts handles it): a published
 * pay-to-unlock post its buyer may see and has not unlocked, at the post's own price and currency
 * (never the request's). Read as the post is now: one made free or deleted is not for sale.
 */
@QueryHandler(PostOfferQuery)
export class PostOfferHandler implements IQueryHandler<PostOfferQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ buyerId, postId }: PostOfferQuery): Promise<PostOfferAnswer> {
    const post = UUID.test(postId) ? await postById(this.orm.em.fork(), postId) : null;
    if (!post || post.status !== 'published' || post.audience !== 'paid' || post.price_minor === null)
      return { refused: 'not_found' };
    if (post.creator_id === buyerId) return { refused: 'own' };
    if (!(await this.maySeeStore(buyerId, post.creator_id))) return { refused: 'not_found' };
    if (await this.queries.execute(new ConversationBlockQuery(buyerId, post.creator_id))) return { refused: 'blocked' };
    const unlocked = await this.queries.execute(new UnlockedPostsQuery(buyerId, [post.id]));
    if (unlocked.includes(post.id)) return { refused: 'unlocked' };
    return {
      offer: {
        postId: post.id,
        sellerId: post.creator_id,
        priceMinor: Number(post.price_minor),
        currency: post.currency.trim(),
      },
    };
  }

  /** The store's gate as its page applies it (a signed-in buyer passes the adult gate); a closed store sells nothing. */
  private async maySeeStore(buyerId: string, creatorId: string): Promise<boolean> {
    try {
      await this.queries.execute(new StoreVisitQuery({ ownerId: creatorId }, { viewerId: buyerId, ageChecked: false }));
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
}
