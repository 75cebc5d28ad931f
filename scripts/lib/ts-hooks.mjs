// Lets plain Node (24+) import the project's TypeScript sources the way Jest's
// transform sees them: `.ts` files compiled by SWC (legacy decorators with
// metadata), relative `./x.js` specifiers resolved to `./x.ts`, and `#app/<lib>`
// resolved through package.json "imports" with the `source` condition.
// Used by the Jest global setup/teardown shims, which Jest loads outside its
// module system (no transform mapping, no moduleNameMapper).
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';
import { swcOptions } from './swc-options.mjs';

let registered = false;

export function registerTsHooks() {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('#app/')) {
        const conditions = ['source', ...(context.conditions ?? [])];
        return nextResolve(specifier, { ...context, conditions });
      }
      if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
        const candidate = new URL(specifier, context.parentURL);
        if (!existsSync(candidate)) {
          const tsCandidate = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
          if (existsSync(tsCandidate)) return nextResolve(tsCandidate.href, context);
        }
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/')) {
        const filename = fileURLToPath(url);
        const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
        return { format: 'module', source: code, shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
