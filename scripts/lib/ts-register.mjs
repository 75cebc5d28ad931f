// `node --import ./scripts/lib/ts-register.mjs apps/api/src/main.ts`: runs a process on the
// TypeScript sources with the loader the Jest hooks use (the cluster suites start real api and
// worker processes this way, without a build).
import { registerTsHooks } from './ts-hooks.mjs';

registerTsHooks();
