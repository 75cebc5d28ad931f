import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ConversationBlockQuery, StoreVisitQuery } from '#app/commerce';
import { Clock, uuidV7 } from '#app/platform';
import { PostsErrors } from '../../posts.errors.js';
import { ReactionsRepository } from '../../repositories/reactions.repository.js';
import { commentById, reactionCounts, type PostRow } from '../../queries/post-views/post-reads.queries.js';
import { PostReader } from '../../queries/post-views/post-reader.js';
import { PostViews } from '../../queries/post-views/post-views.js';
import {
  CommentOnPostCommand,
  DeleteCommentCommand,
  HideCommentCommand,
  LikePostCommand,
  type Reactor,
} from './react.command.js';

/** A published post the member may see (its store's gate applied) and is not blocked from: else 404 or 403. */
async function reactable(
  em: EntityManager,
  reader: PostReader,
  queries: QueryBus,
  reactor: Reactor,
  postId: string,
): Promise<PostRow> {
  const row = await reader.row(em, postId, reactor.userId);
  if (row.status !== 'published') throw PostsErrors.notPublished();
  await queries.execute(
    new StoreVisitQuery({ ownerId: row.creator_id }, { viewerId: reactor.userId, ageChecked: reactor.ageChecked }),
  );
  if (
    reactor.userId !== row.creator_id &&
    (await queries.execute(new ConversationBlockQuery(reactor.userId, row.creator_id)))
  )
    throw PostsErrors.blocked();
  return row;
}

@CommandHandler(LikePostCommand)
export class LikePostHandler implements ICommandHandler<LikePostCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(PostReader) private readonly reader: PostReader,
  ) {}

  async execute({ reactor, postId, liked }: LikePostCommand) {
    const em = this.orm.em.fork();
    await reactable(em, this.reader, this.queries, reactor, postId);
    if (liked) await this.reactions.like(em, postId, reactor.userId, this.clock.now());
    else await this.reactions.unlike(em, postId, reactor.userId);
    const counts = (await reactionCounts(em, [postId], reactor.userId)).get(postId)!;
    return { likes: counts.likes, likedByMe: counts.likedByMe };
  }
}

@CommandHandler(CommentOnPostCommand)
export class CommentOnPostHandler implements ICommandHandler<CommentOnPostCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(PostReader) private readonly reader: PostReader,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async execute({ reactor, postId, text }: CommentOnPostCommand) {
    const em = this.orm.em.fork();
    const row = await reactable(em, this.reader, this.queries, reactor, postId);
    if (!row.comments_enabled) throw PostsErrors.commentsOff();
    const now = this.clock.now();
    const comment = { id: uuidV7(now), postId, authorId: reactor.userId, text: text.trim(), createdAt: now };
    await this.reactions.addComment(em, comment);
    const stored = (await commentById(em, postId, comment.id))!;
    return (await this.views.comments([stored], reactor.userId, row.creator_id))[0];
  }
}

@CommandHandler(HideCommentCommand)
export class HideCommentHandler implements ICommandHandler<HideCommentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(PostReader) private readonly reader: PostReader,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async execute({ creatorId, postId, commentId, hidden }: HideCommentCommand) {
    const em = this.orm.em.fork();
    const row = await this.reader.row(em, postId, creatorId);
    if (row.creator_id !== creatorId) throw PostsErrors.postNotFound();
    if (!(await this.reactions.setCommentHidden(em, postId, commentId, hidden))) throw PostsErrors.commentNotFound();
    return (await this.views.comments([(await commentById(em, postId, commentId))!], creatorId, creatorId))[0];
  }
}

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(PostReader) private readonly reader: PostReader,
  ) {}

  async execute({ userId, postId, commentId }: DeleteCommentCommand): Promise<void> {
    const em = this.orm.em.fork();
    const row = await this.reader.row(em, postId, userId);
    const comment = await commentById(em, postId, commentId);
    // A hidden comment is the creator's and its author's business only.
    if (!comment || (comment.hidden && comment.author_id !== userId && row.creator_id !== userId))
      throw PostsErrors.commentNotFound();
    if (comment.author_id !== userId && row.creator_id !== userId) throw PostsErrors.notYourComment();
    await this.reactions.deleteComment(em, postId, commentId);
  }
}
