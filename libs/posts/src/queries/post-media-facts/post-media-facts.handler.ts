import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { FanRelationshipQuery, UnlockedPostsQuery } from '#app/commerce';
import { PostMediaFactsQuery, type ContentMediaFacts } from '#app/entitlements';
import { postOpensFor } from '../../domain/post.js';
import { postCarrying } from '../post-views/post-reads.queries.js';

/** Whether a post carries an item and opens for a viewer, as facts for the entitlement rules. */
@QueryHandler(PostMediaFactsQuery)
export class PostMediaFactsHandler implements IQueryHandler<PostMediaFactsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ viewerId, postId, contentId }: PostMediaFactsQuery): Promise<ContentMediaFacts['post']> {
    const post = await postCarrying(this.orm.em.fork(), postId, contentId);
    if (!post) return null;
    const subscribed =
      post.audience === 'subscribers' && viewerId !== null
        ? (await this.queries.execute(new FanRelationshipQuery(post.creator_id, viewerId))).subscribed
        : false;
    // Whether the viewer paid to unlock it: asked of commerce only when nothing else opens it.
    const unlocked =
      viewerId !== null &&
      post.status === 'published' &&
      !postOpensFor(post, { subscribed, unlocked: false }) &&
      (await this.queries.execute(new UnlockedPostsQuery(viewerId, [postId]))).includes(postId);
    return { opens: postOpensFor(post, { subscribed, unlocked }) };
  }
}
