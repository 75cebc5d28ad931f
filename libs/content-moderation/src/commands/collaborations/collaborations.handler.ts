import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Clock, PrivateFiles } from '#app/platform';
import { Collaboration } from '../../entities/collaboration.entity.js';
import { ContentItem } from '../../entities/content-item.entity.js';
import { CollaborationErrors, ContentErrors } from '../../moderation.errors.js';
import { replaceContentCollaborators } from '../../repositories/content-collaborators.repository.js';
import {
  DecideCollaborationCommand,
  FileReleaseFormCommand,
  RequestCollaborationCommand,
  SetContentCollaboratorsCommand,
} from './collaborations.command.js';

export const MAX_RELEASE_FORM_BYTES = 10 * 1024 * 1024;

@CommandHandler(RequestCollaborationCommand)
export class RequestCollaborationHandler implements ICommandHandler<RequestCollaborationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ creatorId, collaboratorId, message }: RequestCollaborationCommand) {
    if (creatorId === collaboratorId) throw CollaborationErrors.self();
    const em = this.orm.em.fork();
    const entry = em.create(Collaboration, {
      creatorId,
      collaboratorId,
      message,
      status: 'requested',
      canVideos: false,
      canAlbums: false,
      requestedAt: this.clock.now(),
    });
    try {
      await em.persist(entry).flush();
    } catch (error) {
      if ((error as { code?: string }).code === '23505' || /collaborations_one_live_pair/.test(String(error)))
        throw CollaborationErrors.exists();
      throw error;
    }
    return { id: entry.id };
  }
}

@CommandHandler(DecideCollaborationCommand)
export class DecideCollaborationHandler implements ICommandHandler<DecideCollaborationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ creatorId, collaborationId, decision }: DecideCollaborationCommand) {
    await this.orm.em.fork().transactional(async (em) => {
      const entry = await em.findOne(
        Collaboration,
        { id: collaborationId, creatorId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!entry || entry.status === 'removed' || entry.status === 'rejected') throw CollaborationErrors.notFound();
      if ((decision.kind === 'approve' || decision.kind === 'reject') && entry.status !== 'requested')
        throw CollaborationErrors.notPending();
      if (decision.kind === 'permissions' && entry.status !== 'approved') throw CollaborationErrors.notApproved();
      if (decision.kind === 'approve' || decision.kind === 'permissions') {
        entry.canVideos = decision.canVideos;
        entry.canAlbums = decision.canAlbums;
      }
      if (decision.kind !== 'permissions') {
        entry.status = decision.kind === 'approve' ? 'approved' : decision.kind === 'reject' ? 'rejected' : 'removed';
        entry.decidedAt = this.clock.now();
      }
    });
  }
}

/** PDF, JPEG or PNG by their first bytes. */
function isReleaseForm(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 5).toString('latin1') === '%PDF-' ||
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) ||
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  );
}

@CommandHandler(FileReleaseFormCommand)
export class FileReleaseFormHandler implements ICommandHandler<FileReleaseFormCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
  ) {}

  async execute({ userId, collaborationId, bytes }: FileReleaseFormCommand) {
    if (bytes.length > MAX_RELEASE_FORM_BYTES) throw CollaborationErrors.releaseFormTooLarge();
    if (!isReleaseForm(bytes)) throw CollaborationErrors.badReleaseForm();
    const em = this.orm.em.fork();
    const entry = await em.findOne(Collaboration, {
      id: collaborationId,
      $or: [{ creatorId: userId }, { collaboratorId: userId }],
    });
    if (!entry) throw CollaborationErrors.notFound();
    if (entry.status !== 'approved') throw CollaborationErrors.notApproved();
    const now = this.clock.now();
    const key = await this.files.put('release-forms', bytes, now);
    const previous = entry.releaseFormKey;
    entry.releaseFormKey = key;
    entry.releaseFormUploadedAt = now;
    await em.flush();
    if (previous) await this.files.delete(previous);
  }
}

@CommandHandler(SetContentCollaboratorsCommand)
export class SetContentCollaboratorsHandler implements ICommandHandler<SetContentCollaboratorsCommand> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ creatorId, contentId, collaboratorIds }: SetContentCollaboratorsCommand) {
    const wanted = [...new Set(collaboratorIds)];
    await this.orm.em.fork().transactional(async (em) => {
      const item = await em.findOne(
        ContentItem,
        { id: contentId, creatorId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!item) throw ContentErrors.notFound();
      if (item.status !== 'draft' && item.status !== 'rejected') throw ContentErrors.notEditable(item.status);
      // Only people who asked to collaborate (any live request) can be named; clearance is checked at review.
      for (const id of wanted) {
        const known = await em.count(Collaboration, {
          creatorId,
          collaboratorId: id,
          status: { $in: ['requested', 'approved'] },
        });
        if (known === 0) throw CollaborationErrors.notCollaborator(id);
      }
      await replaceContentCollaborators(em, contentId, wanted);
    });
  }
}
