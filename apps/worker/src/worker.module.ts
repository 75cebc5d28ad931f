import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { JobRunner, OutboxRelay, PlatformModule, type PlatformOptions } from '#app/platform';
import { NotificationsModule } from '#app/notifications';
import { ContentModerationJobsModule } from '#app/content-moderation';
import { CommerceJobsModule } from '#app/commerce';
import { PayoutsJobsModule } from '#app/payouts';
import { IdentityQueriesModule } from '#app/identity';

@Module({})
export class WorkerModule {
  static register(options: PlatformOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot(options), DiscoveryModule, CqrsModule.forRoot(), NotificationsModule, IdentityQueriesModule, ContentModerationJobsModule, CommerceJobsModule, PayoutsJobsModule],
      providers: [OutboxRelay, JobRunner],
      exports: [OutboxRelay, JobRunner],
    };
  }
}
