import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { PostsErrors } from '../../posts.errors.js';
import { PostRepository } from '../../repositories/post.repository.js';
import { PostReader } from '../../queries/post-views/post-reader.js';
import { PinPostCommand } from './pin-post.command.js';

@CommandHandler(PinPostCommand)
export class PinPostHandler implements ICommandHandler<PinPostCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PostRepository) private readonly posts: PostRepository,
    @Inject(PostReader) private readonly reader: PostReader,
  ) {}

  async execute({ creatorId, postId, pinned }: PinPostCommand) {
    await this.orm.em.fork().transactional(async (em) => {
      const post = await this.posts.byId(em, postId, { forUpdate: true });
      if (!post || post.creatorId !== creatorId || post.status === 'deleted') throw PostsErrors.postNotFound();
      post.pin(pinned, this.clock.now());
      if (!(await this.posts.save(em, post))) throw PostsErrors.changedMeanwhile();
    });
    return this.reader.view(this.orm.em.fork(), postId, {
      actor: { id: creatorId, role: 'creator', aal: 'aal1' },
      ageChecked: true,
    });
  }
}
