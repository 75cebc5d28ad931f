import type { EntityManager } from '@mikro-orm/postgresql';

/** The server's autovacuum setting, as `autovacuum` ('on' or 'off'). */
export const READ_AUTOVACUUM_SETTING = `select current_setting('autovacuum') as autovacuum`;

/** A round trip to the database (the readiness probe). */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.execute('select 1');
}
