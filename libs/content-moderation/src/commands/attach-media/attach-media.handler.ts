import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { Clock, ObjectStorage, Outbox } from '#app/platform';
import { sniffMedia } from '../../domain/media-sniff.js';
import { mediaEditable } from '../../domain/review-state.js';
import { ContentItem } from '../../entities/content-item.entity.js';
import { ContentMedia } from '../../entities/content-media.entity.js';
import { ContentErrors } from '../../moderation.errors.js';
import { uploadKey } from '../../domain/media-keys.js';
import { MAX_ALBUM_FILES } from '../../uploads/uploads.js';
import { CreatorCheck } from '../manage-content/creator-check.js';
import { AttachMediaCommand } from './attach-media.command.js';

@CommandHandler(AttachMediaCommand)
export class AttachMediaHandler implements ICommandHandler<AttachMediaCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(CreatorCheck) private readonly creators: CreatorCheck,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  async execute({ creatorId, contentId, filename, bytes }: AttachMediaCommand): Promise<{ mediaId: string }> {
    await this.creators.assert(creatorId);
    const format = sniffMedia(bytes.subarray(0, 64));
    if (!format) throw ContentErrors.wrongMedia('This file is not a photo or a video');
    const uploadId = randomBytes(16).toString('hex');
    await this.storage.put(uploadKey(uploadId), bytes);
    try {
      return await this.orm.em.fork().transactional(async (tx) => {
        const item = await tx.findOne(
          ContentItem,
          { id: contentId, creatorId },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!item) throw ContentErrors.notFound();
        if (!mediaEditable(item.status)) throw ContentErrors.notEditable(item.status);
        if ((item.kind === 'video') !== (format.mediaType === 'video'))
          throw ContentErrors.wrongMedia(
            item.kind === 'video' ? 'A video item holds exactly one video file' : 'An album holds photos only',
          );
        const position = await tx.count(ContentMedia, { contentId });
        if ((item.kind === 'video' && position >= 1) || position >= MAX_ALBUM_FILES)
          throw ContentErrors.wrongMedia('This item holds no more files');
        const media = tx.create(ContentMedia, {
          contentId,
          uploadId,
          mediaType: format.mediaType,
          format: format.format,
          originalName: filename.slice(0, 200),
          sizeBytes: String(bytes.length),
          status: 'uploaded',
          position,
          createdAt: this.clock.now(),
        });
        tx.persist(media);
        this.outbox.enqueue(tx, 'media', 'process-media', { mediaId: media.id });
        return { mediaId: media.id };
      });
    } catch (error) {
      await this.storage.delete(uploadKey(uploadId));
      throw error;
    }
  }
}
