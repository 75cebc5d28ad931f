import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { StoreOwnerQuery } from '#app/commerce';
import { Clock, uuidV7 } from '#app/platform';
import { Post, POST_PRICE_MIN_MINOR } from '../../domain/post.js';
import { PostsErrors } from '../../posts.errors.js';
import { PostRepository } from '../../repositories/post.repository.js';
import { PostReader } from '../../queries/post-views/post-reader.js';
import { PostNotices } from '../../realtime/post-notices.js';
import { PostMediaResolver } from './post-media-resolver.js';
import { CreatePostCommand, EditPostCommand } from './write-post.command.js';

const creatorViewer = (creatorId: string) => ({
  actor: { id: creatorId, role: 'creator', aal: 'aal1' as const },
  ageChecked: true,
});

@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PostRepository) private readonly posts: PostRepository,
    @Inject(PostMediaResolver) private readonly media: PostMediaResolver,
    @Inject(PostReader) private readonly reader: PostReader,
    @Inject(PostNotices) private readonly notices: PostNotices,
  ) {}

  async execute({ creatorId, fields, commentsEnabled }: CreatePostCommand) {
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store) throw PostsErrors.noStore();
    if (!store.active) throw PostsErrors.storeSuspended();
    const now = this.clock.now();
    const id = uuidV7(now);
    const published = await this.orm.em.fork().transactional(async (em) => {
      const media = await this.media.resolve(em, creatorId, fields.mediaIds);
      const post = Post.create(
        {
          id,
          creatorId,
          commentsEnabled,
          now,
          text: fields.text,
          audience: fields.audience,
          priceMinor: fields.priceMinor,
          media,
        },
        { currency: store.currency, minimumMinor: POST_PRICE_MIN_MINOR },
      );
      await this.posts.add(em, post);
      return post.snapshot().publishedAt;
    });
    if (published) await this.notices.published({ postId: id, creatorId, publishedAt: published.toISOString() });
    return this.reader.view(this.orm.em.fork(), id, creatorViewer(creatorId));
  }
}

@CommandHandler(EditPostCommand)
export class EditPostHandler implements ICommandHandler<EditPostCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PostRepository) private readonly posts: PostRepository,
    @Inject(PostMediaResolver) private readonly media: PostMediaResolver,
    @Inject(PostReader) private readonly reader: PostReader,
    @Inject(PostNotices) private readonly notices: PostNotices,
  ) {}

  async execute({ creatorId, postId, fields, commentsEnabled }: EditPostCommand) {
    const firstPublished = await this.orm.em.fork().transactional(async (em) => {
      const post = await this.posts.byId(em, postId, { forUpdate: true });
      if (!post || post.creatorId !== creatorId || post.status === 'deleted') throw PostsErrors.postNotFound();
      const now = this.clock.now();
      const was = post.snapshot();
      if (
        fields.text !== undefined ||
        fields.audience !== undefined ||
        fields.priceMinor !== undefined ||
        fields.mediaIds
      ) {
        const audience = fields.audience ?? was.audience;
        const media = fields.mediaIds ? await this.media.resolve(em, creatorId, fields.mediaIds, was.media) : was.media;
        post.edit(
          {
            text: fields.text ?? was.text,
            audience,
            // A price is kept only while the post stays pay to unlock.
            priceMinor:
              fields.priceMinor !== undefined ? fields.priceMinor : audience === 'paid' ? was.priceMinor : null,
            media,
          },
          { currency: was.currency, minimumMinor: POST_PRICE_MIN_MINOR },
          now,
        );
      }
      if (commentsEnabled !== undefined) post.allowComments(commentsEnabled);
      if (!(await this.posts.save(em, post))) throw PostsErrors.changedMeanwhile();
      // An edit that drops the media holding a post back publishes it for the first time.
      return was.publishedAt === null ? post.snapshot().publishedAt : null;
    });
    if (firstPublished) await this.notices.published({ postId, creatorId, publishedAt: firstPublished.toISOString() });
    return this.reader.view(this.orm.em.fork(), postId, creatorViewer(creatorId));
  }
}
