import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { OpenStoreHandler } from './commands/open-store/open-store.handler.js';
import { UpdateStoreSettingsHandler } from './commands/update-store-settings/update-store-settings.handler.js';
import { GetMyStoreHandler } from './queries/get-my-store/get-my-store.handler.js';
import { CheckSlugHandler } from './queries/check-slug/check-slug.handler.js';
import { ListStoresHandler } from './queries/list-stores/list-stores.handler.js';
import { GetPublicStoreHandler } from './queries/get-public-store/get-public-store.handler.js';
import { ListCategoriesHandler } from './queries/list-categories/list-categories.handler.js';
import { StoreContentHandler } from './queries/store-content/store-content.handler.js';
import { RequestStoreCollaborationHandler } from './commands/request-collaboration/request-collaboration.handler.js';
import { CategoriesController, StoresController } from './http/stores.controller.js';
import { LivePhaseGuard } from './http/live-phase.guard.js';
import { OptionalAuthGuard } from './http/optional-auth.guard.js';

/** Commerce, part one (SPEC §1, §2 Stores, Categories, Store Settings): creators' stores and the public directory. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [StoresController, CategoriesController],
  providers: [
    LivePhaseGuard,
    OptionalAuthGuard,
    OpenStoreHandler,
    UpdateStoreSettingsHandler,
    GetMyStoreHandler,
    CheckSlugHandler,
    ListStoresHandler,
    GetPublicStoreHandler,
    ListCategoriesHandler,
    StoreContentHandler,
    RequestStoreCollaborationHandler,
  ],
})
export class CommerceModule {}
