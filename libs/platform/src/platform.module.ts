import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { Clock } from './clock/clock.js';
import { Outbox } from './jobs/outbox.js';
import { QueueFactory } from './jobs/queue-factory.js';
import { MailTransport } from './mail/mail-transport.js';
import { RateLimits } from './rate-limit/rate-limits.js';
import { LeaseLocks } from './locks/lease-locks.js';
import { AuditLog } from './audit/audit-log.js';
import { PrivateFiles } from './files/private-files.js';
import { ObjectStorage } from './files/object-storage.js';
import { createObjectStorage } from './files/storage-factory.js';
import { DatabaseModule } from './database/database.module.js';
import type { OrmSetup } from './database/orm-config.js';
import { Metrics } from './observability/metrics.js';
import { MetricsServer } from './observability/metrics-server.js';
import { PlatformMetrics } from './observability/platform-metrics.js';
import { TraceFlush } from './observability/trace-flush.js';
import { StaffDecisions } from './review/staff-decisions.js';

export interface PlatformOptions {
  config: AppConfig;
  orm: OrmSetup;
  clock?: Clock;
}

/** Configuration, database, clock, outbox, queues, mail, rate limits, shared locks and file storage for every process. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const clock = options.clock ?? new Clock();
    return {
      module: PlatformModule,
      imports: [DatabaseModule.forRoot(options.orm)],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: Clock, useValue: clock },
        { provide: ObjectStorage, useValue: createObjectStorage(options.config, clock) },
        Outbox,
        QueueFactory,
        MailTransport,
        RateLimits,
        LeaseLocks,
        AuditLog,
        PrivateFiles,
        Metrics,
        MetricsServer,
        PlatformMetrics,
        TraceFlush,
        StaffDecisions,
      ],
      exports: [
        APP_CONFIG,
        Clock,
        Outbox,
        QueueFactory,
        MailTransport,
        RateLimits,
        LeaseLocks,
        AuditLog,
        ObjectStorage,
        PrivateFiles,
        DatabaseModule,
        Metrics,
        MetricsServer,
        PlatformMetrics,
        StaffDecisions,
      ],
    };
  }
}
