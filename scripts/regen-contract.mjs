// Rewrites the pinned HTTP contract (test/api/contracts/openapi.json) from the built server, after a
// deliberate change of the API:  npm run build:server && node scripts/regen-contract.mjs
// test/api/openapi-contract.spec.ts compares the live document with this file.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT_FILE = join(rootDir, 'test/api/contracts/openapi.json');

function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  return value;
}

const json = execFileSync(process.execPath, [join(rootDir, 'dist/apps/api/src/openapi.js')], {
  cwd: rootDir,
  maxBuffer: 32 * 1024 * 1024,
});
const document = JSON.parse(json.toString('utf8'));
writeFileSync(
  CONTRACT_FILE,
  `${JSON.stringify(sorted({ openapi: document.openapi, paths: document.paths, components: document.components }), null, 1)}\n`,
);
console.log(`wrote ${CONTRACT_FILE}`);
