// Prerenders every public route of the built web app (SPEC §1, §2): renders each route with
// react-dom/server into frontend/dist/prerendered/*.html with its title and meta tags, plus the
// not-found page and the site-gate page, and pre-compresses the static assets (brotli and gzip).
// Run after `vite build`: `node scripts/prerender.mjs`.
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const frontend = join(root, 'frontend');
const dist = join(frontend, 'dist');
const ssrOut = join(root, 'node_modules', '.cache', 'fanmint-ssr');
const outDir = join(dist, 'prerendered');

await rm(ssrOut, { recursive: true, force: true });
await build({
  configFile: join(frontend, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: join(frontend, 'src', 'entry-server.tsx'),
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const server = await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href);

const template = await readFile(join(dist, 'index.html'), 'utf8');
const HEAD = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
if (!HEAD.test(template) || !template.includes('<!--app-html-->'))
  throw new Error('frontend/index.html lacks the <!--app-head--> / <!--app-html--> markers');
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The CSS files and JS chunks a module needs (itself and its static imports), as site paths. */
function filesOf(key, files = { css: new Set(), js: new Set() }, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is missing from the build manifest`);
  if (seen.has(key)) return files;
  seen.add(key);
  files.js.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.css.add(`/${css}`);
  for (const imported of chunk.imports ?? []) filesOf(imported, files, seen);
  return files;
}

/**
 * The page's HTML: its head, its markup, and links to its route chunk's stylesheets, so the
 * prerendered page is styled before any script runs. (Its JS chunks are not preloaded: they would
 * compete with the stylesheets for the first paint, and the page is readable without them.)
 */
const fill = ({ head, html }, module) => {
  const { css } = filesOf(module);
  const links = [...css]
    .filter((href) => !template.includes(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  return template
    .replace(HEAD, head)
    .replace('<!--app-html-->', html)
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
};
const fileFor = (path) => (path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '__')}.html`);

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const pages = {};
for (const path of server.PRERENDERED_PATHS) {
  const file = `prerendered/${fileFor(path)}`;
  await writeFile(join(dist, file), fill(await server.renderRoute(path), server.PAGE_MODULES[path]));
  pages[path] = file;
}
await writeFile(
  join(outDir, '404.html'),
  fill(await server.renderRoute('/__page-that-does-not-exist__'), 'src/features/errors/pages/NotFoundPage.tsx'),
);
await writeFile(join(outDir, 'site-gate.html'), fill(server.renderGate(), 'src/features/site-gate/GateApp.tsx'));

// dist/index.html stays as built: the app shell (dashboard and reset-link routes render in the
// browser into its empty root) and the template of the next prerender run.

// Files the gate page may load while the site is locked: the entry, the gate chunk and what they import.
const gateAssets = new Set(['/favicon.svg']);
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || gateAssets.has(`/${chunk.file}`)) return;
  gateAssets.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) gateAssets.add(`/${css}`);
  for (const asset of chunk.assets ?? []) gateAssets.add(`/${asset}`);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
visit('src/features/site-gate/GateApp.tsx');
// Loaded lazily by the providers every page (the gate too) renders.
visit('src/app/notifications-host.tsx');
if (!manifest['src/app/notifications-host.tsx'])
  throw new Error('The notifications chunk is missing from the build manifest');
if (!manifest['src/features/site-gate/GateApp.tsx'])
  throw new Error('The site gate chunk is missing from the build manifest');

await writeFile(
  join(outDir, 'manifest.json'),
  JSON.stringify(
    {
      pages,
      sitemap: server.SITEMAP_PATHS,
      notFound: 'prerendered/404.html',
      gate: 'prerendered/site-gate.html',
      gateAssets: [...gateAssets],
    },
    null,
    2,
  ),
);

// Every Mantine class a prerendered page uses must be styled by the built CSS
// (frontend/src/app/mantine-styles.ts imports Mantine's styles component by component).
const css = (
  await Promise.all(
    (await readdir(join(dist, 'assets')))
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFile(join(dist, 'assets', name), 'utf8')),
  )
).join('\n');
const unstyled = new Map();
for (const [path, file] of Object.entries({
  ...pages,
  '(not found)': 'prerendered/404.html',
  '(site gate)': 'prerendered/site-gate.html',
})) {
  const html = await readFile(join(dist, file), 'utf8');
  for (const [, classes] of html.matchAll(/class="([^"]*)"/g)) {
    for (const [name] of classes.matchAll(/\bm_[0-9a-f]{8}\b/g)) {
      if (!css.includes(`.${name}`) && !unstyled.has(name)) unstyled.set(name, path);
    }
  }
}
if (unstyled.size) {
  throw new Error(
    `Mantine classes with no styles in the build (add the component to frontend/src/app/mantine-styles.ts): ${[...unstyled].map(([name, path]) => `${name} on ${path}`).join(', ')}`,
  );
}

// Pre-compressed copies of text assets, served by express-static-gzip (brotli first, then gzip).
let compressed = 0;
async function compressTree(dir) {
  for (const name of await readdir(dir)) {
    const file = join(dir, name);
    if ((await stat(file)).isDirectory()) {
      if (name !== 'prerendered' && name !== '.vite') await compressTree(file);
    } else if (/\.(js|css|svg|json|txt|xml|map)$/.test(name)) {
      const body = await readFile(file);
      if (body.length < 1024) continue;
      await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      compressed += 1;
    }
  }
}
await compressTree(dist);
console.log(`prerendered ${Object.keys(pages).length} routes + 404 + site gate; compressed ${compressed} assets`);
