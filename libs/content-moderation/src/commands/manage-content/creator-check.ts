import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { VerificationStatusQuery } from '#app/verification';
import { ContentErrors } from '../../moderation.errors.js';

/** SPEC §6: only verified creators upload, and only once the platform is live. */
@Injectable()
export class CreatorCheck {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assert(userId: string): Promise<void> {
    if (this.config.LAUNCH_PHASE !== 'live') throw ContentErrors.notLaunched();
    const status = await this.queries.execute(new VerificationStatusQuery(userId));
    if (status.status !== 'accepted') throw ContentErrors.notVerified();
  }
}
