import { Inject, Injectable, type CanActivate } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { PayoutsErrors } from '../payouts.errors.js';

/** Earnings and payouts are live-phase features. */
@Injectable()
export class PayoutsLiveGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.LAUNCH_PHASE !== 'live') throw PayoutsErrors.notLaunched();
    return true;
  }
}
