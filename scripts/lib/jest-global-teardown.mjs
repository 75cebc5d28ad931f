// Jest globalTeardown shim: runs libs/testing/src/global-teardown.ts; see jest-global-setup.mjs.
import { runTsHook } from './jest-ts-hook.mjs';

export default async function globalTeardown(globalConfig, projectConfig) {
  return runTsHook('libs/testing/src/global-teardown.ts', globalConfig, projectConfig);
}
