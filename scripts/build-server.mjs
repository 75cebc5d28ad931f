// `npm run build:server`: apps/ and libs/ compiled to dist/ by SWC, file for file, with source maps.
//
// The same compiler and options the test suites run the sources through (scripts/lib/swc-options.mjs),
// so what ships is what was tested. Types are checked by `npm run typecheck` (tsc), which npm test
// runs beside the build; compiling here does not repeat that work (a full tsc emit took about a
// minute of CPU, this takes seconds). Specs, e2e suites and libs/testing are left out, as before.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { transformFile } from '@swc/core';
import { swcOptions } from './lib/swc-options.mjs';
import { rootDir } from './lib/util.mjs';

const outDir = join(rootDir, 'dist');
// Test code stays out: specs, e2e suites, repository contract suites and libs/testing. A lib's own
// src/testing (in-memory adapters, seeders the benchmarks use) is built: its index may export it.
const skip = (rel) =>
  /\.(spec|e2e|contract)\.ts$/.test(rel) || rel.endsWith('.d.ts') || rel.startsWith('libs/testing/');

function sources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (entry.name.endsWith('.ts') && !skip(relative(rootDir, path))) out.push(path);
  }
  return out;
}

async function compile(file) {
  const rel = relative(rootDir, file);
  const target = join(outDir, rel.replace(/\.ts$/, '.js'));
  const { code, map } = await transformFile(file, {
    ...swcOptions,
    sourceMaps: true,
    sourceFileName: relative(dirname(target), file),
    outputPath: target,
  });
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
  if (map) writeFileSync(`${target}.map`, map);
}

const started = Date.now();
const files = ['apps', 'libs'].flatMap((dir) =>
  statSync(join(rootDir, dir), { throwIfNoEntry: false })?.isDirectory() ? sources(join(rootDir, dir)) : [],
);
const queue = [...files];
let failed = 0;
await Promise.all(
  Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      await compile(file).catch((error) => {
        failed++;
        process.stderr.write(`${relative(rootDir, file)}: ${error.message ?? error}\n`);
      });
    }
  }),
);
if (failed) {
  process.stderr.write(`build:server: ${failed} of ${files.length} files failed\n`);
  process.exit(1);
}
process.stdout.write(`build:server: ${files.length} files to dist/ in ${Date.now() - started} ms\n`);
