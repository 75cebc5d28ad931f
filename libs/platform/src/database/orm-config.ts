import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { OutboxMessage } from '../jobs/outbox-message.entity.js';
import { ProcessedMessage } from '../jobs/processed-message.entity.js';
import { platformMigrations } from './migrations/index.js';

export type MigrationClass = new (...args: never[]) => Migration;

export interface OrmSetup {
  entities: Function[];
  migrations: MigrationClass[];
}

/** Platform tables first; modules add theirs. Migrations run in name order. */
export function ormConfig(
  databaseUrl: string,
  setup: OrmSetup,
  { poolMax = 10, debug = false }: { poolMax?: number; debug?: boolean } = {},
): Options {
  const migrations = [...platformMigrations, ...setup.migrations].sort((a, b) => a.name.localeCompare(b.name));
  return defineConfig({
    clientUrl: databaseUrl,
    entities: [OutboxMessage, ProcessedMessage, ...setup.entities],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    debug,
    // Idle connections stay a while: a new one costs PostgreSQL a backend start and a cold catalog cache,
    // and prepared statements are per connection, so churn during bursts shows in the tail latency.
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 120_000 },
    migrations: {
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      migrationsList: migrations.map((migration) => ({ name: migration.name, class: migration as never })),
    },
  });
}
