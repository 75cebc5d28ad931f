// Shared by the Jest global setup/teardown shims.
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registerTsHooks } from './ts-hooks.mjs';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Imports a TypeScript hook file (relative to the repo root) and calls its default export. */
export async function runTsHook(relativePath, globalConfig, projectConfig) {
  registerTsHooks();
  const mod = await import(pathToFileURL(resolve(rootDir, relativePath)).href);
  const hook = typeof mod.default === 'function' ? mod.default : mod.default?.default;
  if (typeof hook !== 'function') {
    throw new Error(`${relativePath} must export a default function`);
  }
  return hook(globalConfig, projectConfig);
}
