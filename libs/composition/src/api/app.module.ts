import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HealthController, HttpDrain, PlatformModule, type PlatformOptions } from '#app/platform';
import { IdentityModule } from '#app/identity';
import { ConsentModule } from '#app/consent';
import { NotificationsModule } from '#app/notifications';
import { MfaModule } from '#app/mfa';
import { AnalyticsModule } from '#app/analytics';
import { RewardsModule } from '#app/rewards';
import { VerificationModule } from '#app/verification';
import { EntitlementsModule } from '#app/entitlements';
import { BackofficeModule } from '#app/backoffice';
import { ContentModerationModule } from '#app/content-moderation';
import { CommerceModule } from '#app/commerce';
import { PayoutsModule } from '#app/payouts';
import { AccountModule } from '#app/account';
import { MessagingModule } from '#app/messaging';
import { PostsModule } from '#app/posts';
import { RealtimeModule } from '#app/realtime';
import { DashboardModule } from './dashboard/dashboard.module.js';

@Module({})
export class AppModule {
  static register(options: PlatformOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(options),
        CqrsModule.forRoot(),
        EntitlementsModule,
        IdentityModule,
        MfaModule,
        ConsentModule,
        NotificationsModule,
        AnalyticsModule,
        RewardsModule,
        VerificationModule,
        BackofficeModule,
        ContentModerationModule,
        CommerceModule,
        PayoutsModule,
        AccountModule,
        RealtimeModule.forApi(),
        MessagingModule,
        PostsModule,
        DashboardModule,
      ],
      controllers: [HealthController],
      providers: [HttpDrain],
    };
  }
}
