import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { orderProblem, presentationRefusal, type PresentationChange } from '../../domain/presentation.js';
import { ContentItem } from '../../entities/content-item.entity.js';
import { ContentMedia } from '../../entities/content-media.entity.js';
import { ContentErrors } from '../../moderation.errors.js';
import { ChooseCoverCommand, ChooseTeaserCommand, ReorderMediaCommand } from './arrange-content.command.js';

/**
 * Order, cover and teaser: presentation only, so an approved item stays approved (no new review)
 * and no event is announced (what commerce sells does not change). Each is checked and written
 * under the item's row lock, the lock uploads, removals and reviews take.
 */
abstract class ArrangeContent {
  constructor(
    protected readonly orm: MikroORM,
    protected readonly clock: Clock,
  ) {}

  protected arrange(
    creatorId: string,
    contentId: string,
    change: PresentationChange,
    act: (em: EntityManager, item: ContentItem) => Promise<void>,
  ): Promise<void> {
    return this.orm.em.fork().transactional(async (em) => {
      const item = await em.findOne(
        ContentItem,
        { id: contentId, creatorId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!item) throw ContentErrors.notFound();
      const refusal = presentationRefusal(item.status, change);
      if (refusal) throw ContentErrors.notArrangeable(refusal);
      await act(em, item);
      item.updatedAt = this.clock.now();
    });
  }
}

@CommandHandler(ReorderMediaCommand)
export class ReorderMediaHandler extends ArrangeContent implements ICommandHandler<ReorderMediaCommand> {
  constructor(@Inject(MikroORM) orm: MikroORM, @Inject(Clock) clock: Clock) {
    super(orm, clock);
  }

  execute({ creatorId, contentId, mediaIds }: ReorderMediaCommand) {
    return this.arrange(creatorId, contentId, 'order', async (em) => {
      const files = await em.find(
        ContentMedia,
        { contentId },
        { orderBy: { position: 'asc', createdAt: 'asc', id: 'asc' } },
      );
      const problem = orderProblem(
        files.map((file) => file.id),
        mediaIds,
      );
      if (problem) throw ContentErrors.badOrder(problem);
      const byId = new Map(files.map((file) => [file.id, file]));
      // The (content_id, position) constraint is deferred to commit, so the swaps may cross.
      mediaIds.forEach((id, index) => (byId.get(id)!.position = index));
    });
  }
}

@CommandHandler(ChooseCoverCommand)
export class ChooseCoverHandler extends ArrangeContent implements ICommandHandler<ChooseCoverCommand> {
  constructor(@Inject(MikroORM) orm: MikroORM, @Inject(Clock) clock: Clock) {
    super(orm, clock);
  }

  execute({ creatorId, contentId, mediaId }: ChooseCoverCommand) {
    return this.arrange(creatorId, contentId, 'cover', async (em, item) => {
      if (item.kind !== 'album')
        throw ContentErrors.badCover("A video's card shows a frame of the video; only albums choose a cover");
      // The item's own processed photo: for an approved album, one a moderator approved (files cannot change after submit).
      const file = await em.findOne(ContentMedia, { id: mediaId, contentId });
      if (!file) throw ContentErrors.badCover(`${mediaId} is not a photo of this album`);
      if (file.status !== 'ready' || file.mediaType !== 'image')
        throw ContentErrors.badCover('Only a processed photo can be the cover');
      item.coverMediaId = file.id;
    });
  }
}

@CommandHandler(ChooseTeaserCommand)
export class ChooseTeaserHandler extends ArrangeContent implements ICommandHandler<ChooseTeaserCommand> {
  constructor(@Inject(MikroORM) orm: MikroORM, @Inject(Clock) clock: Clock) {
    super(orm, clock);
  }

  execute({ creatorId, contentId, teaser }: ChooseTeaserCommand) {
    return this.arrange(creatorId, contentId, 'teaser', async (_em, item) => {
      item.teaser = teaser;
    });
  }
}
