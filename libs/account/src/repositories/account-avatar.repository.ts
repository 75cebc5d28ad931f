import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Writes to `account_avatars` beyond setting one (which goes through the entity). */
@Injectable()
export class AccountAvatarRepository {
  /** Deletes the user's picture rows; answers the keys of their files, to delete once the transaction commits. */
  async removeAll(em: EntityManager, userId: string): Promise<string[]> {
    const rows = await em.execute<{ file_key: string }[]>(
      `delete from account_avatars where user_id = ? returning file_key`,
      [userId],
    );
    return rows.map((row) => row.file_key);
  }
}
