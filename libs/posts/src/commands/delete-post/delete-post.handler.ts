import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { PostsErrors } from '../../posts.errors.js';
import { PostRepository } from '../../repositories/post.repository.js';
import { DeletePostCommand } from './delete-post.command.js';

@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PostRepository) private readonly posts: PostRepository,
  ) {}

  async execute({ creatorId, postId }: DeletePostCommand): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const post = await this.posts.byId(em, postId, { forUpdate: true });
      if (!post || post.creatorId !== creatorId || post.status === 'deleted') throw PostsErrors.postNotFound();
      post.delete();
      if (!(await this.posts.save(em, post))) throw PostsErrors.changedMeanwhile();
    });
  }
}
