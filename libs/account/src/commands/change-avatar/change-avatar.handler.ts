import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { Clock, ImageRejected, PrivateFiles, RateLimits } from '#app/platform';
import { AccountErrors } from '../../account.errors.js';
import { AvatarTooSmall, cleanAvatar } from '../../domain/avatar-image.js';
import { avatarUrl } from '../../domain/avatar-url.js';
import { AccountAvatar } from '../../entities/account-avatar.entity.js';
import { ChangeAvatarCommand, type AvatarView } from './change-avatar.command.js';

/** Twenty changes an hour is plenty for a person and a wall for a script re-encoding images on our CPU. */
export const AVATAR_CHANGE_LIMIT = { points: 20, duration: 3600 };

@CommandHandler(ChangeAvatarCommand)
export class ChangeAvatarHandler implements ICommandHandler<ChangeAvatarCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  async execute({ userId, bytes }: ChangeAvatarCommand): Promise<AvatarView> {
    await this.limits.consume('avatarChanges', AVATAR_CHANGE_LIMIT, userId, {
      message: 'Too many picture changes. Try again in an hour.',
    });
    // Checked and re-encoded before anything is stored or locked: nothing of a refused upload is kept.
    const clean = bytes === null ? null : await cleanAvatar(bytes).catch(rejected);
    const now = this.clock.now();
    const written = clean ? await this.files.put('avatars', clean.data, now) : null;
    let replaced: string | null = null;
    try {
      const view = await this.orm.em.fork().transactional(async (em) => {
        const avatar = await em.findOne(AccountAvatar, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        replaced = avatar?.fileKey ?? null;
        if (!written) {
          if (avatar) em.remove(avatar);
          return { avatarUrl: null };
        }
        const version = randomBytes(6).toString('hex');
        if (avatar) Object.assign(avatar, { fileKey: written, version, updatedAt: now });
        else em.persist(em.create(AccountAvatar, { userId, fileKey: written, version, updatedAt: now }));
        return { avatarUrl: avatarUrl(userId, version) };
      });
      if (replaced) await this.files.delete(replaced);
      return view;
    } catch (error) {
      // The row kept the old picture: the new file is nobody's.
      if (written) await this.files.delete(written);
      throw error;
    }
  }
}

function rejected(error: unknown): never {
  if (error instanceof ImageRejected) throw AccountErrors.avatarRejected(error.status, error.code, error.message);
  if (error instanceof AvatarTooSmall) throw AccountErrors.avatarRejected(422, 'image_too_small', error.message);
  throw error;
}
