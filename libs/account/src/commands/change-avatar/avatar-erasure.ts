import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A deleted account's picture: the row goes in the erasure's transaction; the file key is returned, deleted after the commit. */
@Injectable()
export class AvatarErasure {
  async eraseIn(em: EntityManager, userId: string): Promise<string[]> {
    const rows = await em.execute<{ file_key: string }[]>(
      `delete from account_avatars where user_id = ? returning file_key`,
      [userId],
    );
    return rows.map((row) => row.file_key);
  }
}
