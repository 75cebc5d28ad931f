import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ormConfig, type OrmSetup } from './orm-config.js';
import { PreparedStatements } from './prepared-statements.js';

export const ORM_SETUP = Symbol('ORM_SETUP');

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  static forRoot(setup: OrmSetup): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: ORM_SETUP, useValue: setup },
        {
          provide: MikroORM,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => MikroORM.init(ormConfig(config.DATABASE_URL, setup, { poolMax: config.DATABASE_POOL_MAX })),
        },
        { provide: EntityManager, inject: [MikroORM], useFactory: (orm: MikroORM) => orm.em },
        PreparedStatements,
      ],
      exports: [MikroORM, EntityManager, PreparedStatements],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
  }
}
