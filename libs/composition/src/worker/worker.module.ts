import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import {
  KeepPartitionsJob,
  JobRunner,
  OutboxRelay,
  PlatformModule,
  RecurringJobs,
  ScheduledJobs,
  type PlatformOptions,
} from '#app/platform';
import { NotificationsModule } from '#app/notifications';
import { ContentModerationJobsModule } from '#app/content-moderation';
import { CommerceJobsModule } from '#app/commerce';
import { PayoutsJobsModule } from '#app/payouts';
import { IdentityQueriesModule } from '#app/identity';
import { MessagingJobsModule } from '#app/messaging';
import { PostsJobsModule } from '#app/posts';
import { VerificationJobsModule } from '#app/verification';
import { RealtimeModule } from '#app/realtime';
import { EntitlementsModule } from '#app/entitlements';

export interface WorkerOptions extends PlatformOptions {
  /** Tick the recurring jobs on their crons (RecurringJobs); off, they are only ticked by calling them. */
  schedules?: boolean;
}

@Module({})
export class WorkerModule {
  static register(options: WorkerOptions): DynamicModule {
    // The one ScheduleModule of the system: the api never ticks.
    const schedule =
      options.schedules === false
        ? ScheduleModule.forRoot({ cronJobs: false, intervals: false, timeouts: false })
        : ScheduleModule.forRoot();
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(options),
        DiscoveryModule,
        CqrsModule.forRoot(),
        EntitlementsModule,
        schedule,
        NotificationsModule,
        IdentityQueriesModule,
        ContentModerationJobsModule,
        CommerceJobsModule,
        PayoutsJobsModule,
        RealtimeModule.forWorker(),
        MessagingJobsModule,
        PostsJobsModule,
        VerificationJobsModule,
      ],
      providers: [OutboxRelay, JobRunner, ScheduledJobs, RecurringJobs, KeepPartitionsJob],
      exports: [OutboxRelay, JobRunner, ScheduledJobs, RecurringJobs],
    };
  }
}
