// Jest globalSetup shim: runs libs/testing/src/global-setup.ts (TypeScript,
// decorators, `.js` import suffixes, `#app/*` aliases) through scripts/lib/ts-hooks.mjs.
import { runTsHook } from './jest-ts-hook.mjs';

export default async function globalSetup(globalConfig, projectConfig) {
  return runTsHook('libs/testing/src/global-setup.ts', globalConfig, projectConfig);
}
