import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountAvatarRepository } from '../../repositories/account-avatar.repository.js';

/** A deleted account's picture: the row goes in the erasure's transaction; the file key is returned, deleted after the commit. */
@Injectable()
export class AvatarErasure {
  constructor(@Inject(AccountAvatarRepository) private readonly avatars: AccountAvatarRepository) {}

  eraseIn(em: EntityManager, userId: string): Promise<string[]> {
    return this.avatars.removeAll(em, userId);
  }
}
