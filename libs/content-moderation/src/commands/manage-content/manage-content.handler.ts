import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, Clock, ObjectStorage, Outbox, type AppConfig } from '#app/platform';
import { ListStaffQuery } from '#app/identity';
import { transition } from '../../domain/review-state.js';
import { ContentItem } from '../../entities/content-item.entity.js';
import { ContentMedia } from '../../entities/content-media.entity.js';
import { ContentErrors } from '../../moderation.errors.js';
import { CreatorCheck } from './creator-check.js';
import {
  CreateContentCommand,
  RemoveMediaCommand,
  SubmitContentCommand,
  UpdateContentCommand,
} from './manage-content.command.js';
import { blurredKey, mediaKey, uploadKeys } from '../../domain/media-keys.js';

@CommandHandler(CreateContentCommand)
export class CreateContentHandler implements ICommandHandler<CreateContentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CreatorCheck) private readonly creators: CreatorCheck,
  ) {}

  async execute({ creatorId, kind, fields, purpose }: CreateContentCommand) {
    await this.creators.assert(creatorId);
    const now = this.clock.now();
    const em = this.orm.em.fork();
    const item = em.create(ContentItem, {
      creatorId,
      kind,
      title: fields.title,
      description: fields.description ?? '',
      priceMinor: fields.priceMinor,
      currency: fields.currency,
      status: 'draft',
      purpose,
      createdAt: now,
      updatedAt: now,
    });
    await em.persist(item).flush();
    return { id: item.id };
  }
}

@CommandHandler(UpdateContentCommand)
export class UpdateContentHandler implements ICommandHandler<UpdateContentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ creatorId, contentId, fields }: UpdateContentCommand) {
    await this.orm.em.fork().transactional(async (em) => {
      const item = await em.findOne(
        ContentItem,
        { id: contentId, creatorId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!item) throw ContentErrors.notFound();
      if (item.status !== 'draft' && item.status !== 'rejected') throw ContentErrors.notEditable(item.status);
      Object.assign(item, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
      item.updatedAt = this.clock.now();
    });
  }
}

@CommandHandler(SubmitContentCommand)
export class SubmitContentHandler implements ICommandHandler<SubmitContentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CreatorCheck) private readonly creators: CreatorCheck,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ creatorId, contentId }: SubmitContentCommand) {
    await this.creators.assert(creatorId);
    const moderators = await this.queries.execute(new ListStaffQuery(['moderator']));
    await this.orm.em.fork().transactional(async (em) => {
      const item = await em.findOne(
        ContentItem,
        { id: contentId, creatorId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!item) throw ContentErrors.notFound();
      if (item.status !== 'draft' && item.status !== 'rejected') throw ContentErrors.notEditable(item.status);
      const media = await em.find(ContentMedia, { contentId });
      if (media.some((file) => file.status === 'uploaded')) throw ContentErrors.mediaProcessing();
      const ready = media.filter((file) => file.status === 'ready');
      if (ready.length === 0) throw ContentErrors.noMedia(item.kind);
      if (item.kind === 'video' && (ready.length !== 1 || ready[0].mediaType !== 'video'))
        throw ContentErrors.wrongMedia('A video item holds exactly one video file');
      if (item.kind === 'album' && ready.some((file) => file.mediaType !== 'image'))
        throw ContentErrors.wrongMedia('An album holds photos only');
      if (item.status === 'rejected') {
        const next = transition('rejected', { type: 'resubmit' });
        if (!next.ok) throw ContentErrors.invalidTransition(next.message);
      }
      item.status = 'pending_review';
      item.rejectionReason = null;
      item.submittedAt = this.clock.now();
      item.claimedBy = null;
      item.claimedAt = null;
      item.updatedAt = item.submittedAt;
      // SPEC §4: moderators are notified of every upload waiting for review.
      for (const moderator of moderators) {
        this.outbox.enqueue(em, 'notifications', 'send-email', {
          to: moderator.email,
          template: 'content-pending-review',
          variables: {
            title: item.title,
            kind: item.kind === 'video' ? 'Video' : 'Photo album',
            consoleUrl: `${this.config.PUBLIC_URL}/admin/content/${item.id}`,
          },
        });
      }
    });
  }
}

@CommandHandler(RemoveMediaCommand)
export class RemoveMediaHandler implements ICommandHandler<RemoveMediaCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  async execute({ creatorId, contentId, mediaId }: RemoveMediaCommand) {
    const removed = await this.orm.em.fork().transactional(async (em) => {
      const item = await em.findOne(
        ContentItem,
        { id: contentId, creatorId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!item) throw ContentErrors.notFound();
      if (item.status !== 'draft' && item.status !== 'rejected') throw ContentErrors.notEditable(item.status);
      const file = await em.findOne(ContentMedia, { id: mediaId, contentId });
      if (!file) throw ContentErrors.notFound();
      em.remove(file);
      return file;
    });
    // Files go after the row: a crash in between leaves an orphan file, never a row without its file.
    await this.storage.deleteMany(
      [removed.thumbnailKey, removed.cleanKey, removed.previewKey, blurredKey(removed.id)]
        .filter((key): key is string => Boolean(key))
        .map(mediaKey)
        .concat(uploadKeys(removed.uploadId)),
    );
  }
}
