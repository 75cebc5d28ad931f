import { Inject, Injectable, type CanActivate } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { CommerceErrors } from '../commerce.errors.js';

/** Stores are a live-phase feature: before launch every store route answers not_launched. */
@Injectable()
export class LivePhaseGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.LAUNCH_PHASE !== 'live') throw CommerceErrors.notLaunched();
    return true;
  }
}
