import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { applySettingsPatch } from '../../domain/store-settings.js';
import { Store } from '../../entities/store.entity.js';
import { settingsOf, writeSettings } from '../../entities/store-settings.mapping.js';
import { EntitlementService } from '#app/entitlements';
import { ownerImages, toStoreView, type StoreView } from '../../queries/store-views.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { UpdateStoreSettingsCommand } from './update-store-settings.command.js';

@CommandHandler(UpdateStoreSettingsCommand)
export class UpdateStoreSettingsHandler implements ICommandHandler<UpdateStoreSettingsCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
  ) {}

  async execute({ ownerId, patch }: UpdateStoreSettingsCommand): Promise<StoreView> {
    const em = this.orm.em.fork();
    const store = await em.findOne(Store, { ownerId });
    if (!store) throw CommerceErrors.noStore();
    const before = settingsOf(store);
    const result = applySettingsPatch(before, patch);
    if (!result.ok) throw CommerceErrors.invalid(result.problems);
    if (JSON.stringify(result.settings) !== JSON.stringify(before)) {
      writeSettings(store, result.settings);
      store.updatedAt = this.clock.now();
      await em.flush();
    }
    return toStoreView(store, ownerImages(this.entitlements, store));
  }
}
