// The composition root: every module's tables, migrations and Nest modules put together into the
// two server processes. The apps (main.ts and the operator commands) and libs/testing boot from here;
// no feature module imports it.
export { ORM_SETUP } from './orm-setup.js';
export { migrate, knownMigrations } from './migrate.js';
export {
  MigrationWaitTimeout,
  nextWaitStep,
  pendingMigrations,
  waitForMigrations,
  type SchemaLook,
  type WaitOptions,
  type WaitStep,
} from './migrate-wait.js';
export { AppModule } from './api/app.module.js';
export { createApiApp } from './api/create-app.js';
export { openApiDocument } from './api/openapi-document.js';
export { WorkerModule, type WorkerOptions } from './worker/worker.module.js';
export { createWorker } from './worker/create-worker.js';
