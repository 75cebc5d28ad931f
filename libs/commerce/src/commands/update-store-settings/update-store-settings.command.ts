import { Command } from '@nestjs/cqrs';
import type { StoreSettingsPatch } from '../../domain/store-settings.js';
import type { StoreView } from '../../queries/store-views.js';

/** Changes any subset of the caller's store settings: all of it or, with the reasons, none of it. */
export class UpdateStoreSettingsCommand extends Command<StoreView> {
  constructor(
    readonly ownerId: string,
    readonly patch: StoreSettingsPatch,
  ) {
    super();
  }
}
