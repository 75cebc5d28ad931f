import {
  Global,
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ormConfig, type OrmSetup } from './orm-config.js';
import { PreparedStatements } from './prepared-statements.js';
import { READ_AUTOVACUUM_SETTING } from './sql/server-checks.js';

export const ORM_SETUP = Symbol('ORM_SETUP');

export const AUTOVACUUM_OFF_WARNING =
  'PostgreSQL runs with autovacuum off: table statistics never refresh, so plans cached while a table was small (prepared statements, foreign-key checks) keep scanning it as it grows. Turn autovacuum on, or ANALYZE regularly.';

/** Warns (once per process) when the server runs without autovacuum; answers the setting. */
export async function checkAutovacuum(
  query: (sql: string) => Promise<{ autovacuum: string }[]>,
  logger: Pick<Logger, 'warn'>,
): Promise<string> {
  const [row] = await query(READ_AUTOVACUUM_SETTING);
  if (row.autovacuum !== 'on') logger.warn(AUTOVACUUM_OFF_WARNING);
  return row.autovacuum;
}

@Global()
@Module({})
export class DatabaseModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  static forRoot(setup: OrmSetup): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: ORM_SETUP, useValue: setup },
        {
          provide: MikroORM,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            MikroORM.init(ormConfig(config.DATABASE_URL, setup, { poolMax: config.DATABASE_POOL_MAX })),
        },
        { provide: EntityManager, inject: [MikroORM], useFactory: (orm: MikroORM) => orm.em },
        PreparedStatements,
      ],
      exports: [MikroORM, EntityManager, PreparedStatements],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await checkAutovacuum((sql) => this.orm.em.getConnection().execute(sql), this.logger).catch((error: unknown) =>
      this.logger.warn(`could not read the autovacuum setting: ${String(error)}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
  }
}
