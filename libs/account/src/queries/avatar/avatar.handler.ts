import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { PrivateFiles } from '#app/platform';
import { AccountErrors } from '../../account.errors.js';
import { avatarUrl } from '../../domain/avatar-url.js';
import { AccountAvatar } from '../../entities/account-avatar.entity.js';
import type { AvatarView } from '../../commands/change-avatar/change-avatar.command.js';
import { AvatarImageQuery, MyAvatarQuery } from './avatar.query.js';

@QueryHandler(MyAvatarQuery)
export class MyAvatarHandler implements IQueryHandler<MyAvatarQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: MyAvatarQuery): Promise<AvatarView> {
    const avatar = await this.orm.em.fork().findOne(AccountAvatar, { userId });
    return { avatarUrl: avatar ? avatarUrl(userId, avatar.version) : null };
  }
}

@QueryHandler(AvatarImageQuery)
export class AvatarImageHandler implements IQueryHandler<AvatarImageQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
  ) {}

  async execute({ userId }: AvatarImageQuery): Promise<{ bytes: Buffer; version: string }> {
    const avatar = await this.orm.em.fork().findOne(AccountAvatar, { userId });
    if (!avatar) throw AccountErrors.noAvatar();
    return { bytes: await this.files.get(avatar.fileKey), version: avatar.version };
  }
}
