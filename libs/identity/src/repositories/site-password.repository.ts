import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';

/** The site password as stored: its bcrypt hash and when it was last set. */
export interface StoredSitePassword {
  hash: string;
  updatedAt: Date;
}

/** The one row of `site_password` (id 1): present while the site gate is closed. */
@Injectable()
export class SitePasswordRepository {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  /** The password set now, read outside any transaction; null when the site is open. */
  async read(): Promise<StoredSitePassword | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ password_hash: string; updated_at: Date }[]>(
        `select password_hash, updated_at from site_password where id = 1`,
      );
    return row ? { hash: row.password_hash, updatedAt: new Date(row.updated_at) } : null;
  }

  /** Sets the password; answers whether one was set before. */
  async save(em: EntityManager, hash: string, at: Date, actorId: string): Promise<{ replaced: boolean }> {
    const before = await em.execute<{ id: number }[]>(`select id from site_password where id = 1`);
    await em.execute(
      `insert into site_password (id, password_hash, updated_at, updated_by) values (1, ?, ?, ?)
       on conflict (id) do update set password_hash = excluded.password_hash, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      [hash, at, actorId],
    );
    return { replaced: before.length > 0 };
  }

  /** Removes the password; answers whether there was one. */
  async remove(em: EntityManager): Promise<boolean> {
    const rows = await em.execute<{ id: number }[]>(`delete from site_password where id = 1 returning id`);
    return rows.length > 0;
  }
}
