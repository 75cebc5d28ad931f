// Jest 30, ES modules. Run through `npm test` (scripts/test.mjs), which sets
// NODE_OPTIONS=--experimental-vm-modules and resolves the services the suites need.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swcOptions } from './scripts/lib/swc-options.mjs';

const rootDir = dirname(fileURLToPath(import.meta.url));

/** TypeScript (with Nest's legacy decorators and their metadata) compiled by SWC, kept as ESM. */
const swcTransform = ['@swc/jest', swcOptions];

/** Options every project shares. */
const shared = {
  rootDir,
  transform: { '^.+\\.ts$': swcTransform },
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^#app/(.*)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/dist/', '<rootDir>/frontend/'],
  testTimeout: 60_000,
  // Node's, plus this worker's own test database as TEST_DATABASE_URL (see the global setup).
  testEnvironment: '<rootDir>/scripts/lib/jest-environment.mjs',
};

// libs/testing owns the global setup/teardown (a migrated template database and one clone per
// worker). They are TypeScript, and Jest loads global hooks outside its module system (no
// moduleNameMapper, CommonJS transform), so small shims in scripts/lib load them through Node
// module hooks (SWC, `.js` -> `.ts`, `#app/*`). Enabled once each file exists. Set on the projects
// that use the database, so a run of the cluster project alone (its own databases) makes none;
// Jest runs a hook the selected projects share once.
const hasHook = (name) => existsSync(join(rootDir, 'libs/testing/src', `${name}.ts`));
const databaseHooks = {
  ...(hasHook('global-setup') ? { globalSetup: '<rootDir>/scripts/lib/jest-global-setup.mjs' } : {}),
  ...(hasHook('global-teardown') ? { globalTeardown: '<rootDir>/scripts/lib/jest-global-teardown.mjs' } : {}),
};

/** @type {import('jest').Config} */
export default {
  testTimeout: 60_000,
  // With workers (npm test runs 2), one whose heap is still above this after a suite is replaced by
  // a fresh one. A safety net only: the test environment (scripts/lib/jest-environment.mjs) frees each
  // finished suite before the next starts, so a worker's heap stays near one suite's (~250 MB).
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      ...databaseHooks,
      displayName: 'unit',
      roots: ['<rootDir>/apps', '<rootDir>/libs'].filter((dir) => existsSync(dir.replace('<rootDir>', rootDir))),
      testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
    },
    {
      ...shared,
      ...databaseHooks,
      displayName: 'e2e',
      roots: ['<rootDir>/test'].filter((dir) => existsSync(dir.replace('<rootDir>', rootDir))),
      testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '<rootDir>/test/cluster/'],
    },
    {
      // Real api and worker processes (2 + 2) on one database and Redis, and the fault suites.
      ...shared,
      displayName: 'cluster',
      roots: ['<rootDir>/test/cluster'].filter((dir) => existsSync(dir.replace('<rootDir>', rootDir))),
      testMatch: ['**/*.e2e.ts'],
    },
  ],
};
