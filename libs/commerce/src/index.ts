import { Store } from './entities/store.entity.js';
import { Migration20261122000700Stores } from './database/migrations/20261122000700-stores.migration.js';

export { CommerceModule } from './commerce.module.js';
export const commerceEntities = [Store];
export const commerceMigrations = [Migration20261122000700Stores];
