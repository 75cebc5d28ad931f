// `npm run bench:site`: the public-site benchmark (bench/README.md, "Public site").
//
//   1. size        the home page's initial JavaScript, gzip level 9: from the Vite build manifest
//                  (entry + the home route chunk + their static imports) and measured in the browser
//                  (every script response of a first visit to /); CSS alongside (no target)
//   2. axe         axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) on every prerendered public page
//                  and the not-found page, light and dark theme, 1280×800; the home page also at
//                  375×812; the home page once more without cookie consent (the banner is checked)
//   3. lighthouse  Lighthouse (default mobile config, simulated throttling) on /, /faq, /sign-up,
//                  N runs each (default 3): median performance, the other categories from that run
//
// Serves a private copy of frontend/dist with the built api (fresh database fanmint_bench_site_<ts>,
// dropped at the end) unless --url points at a running server. Prints failing audits and violations,
// a PASS/FAIL table, writes bench/results/site-<ts>.json (+ the median Lighthouse reports as
// bench/results/site-<ts>-lh-<page>.json, open them in https://googlechrome.github.io/lighthouse/viewer/)
// and appends one row to bench/RESULTS.md.
//
// Options: --only=lighthouse|axe|size (comma-separated for several), --url=http://host:port (test a
// running server: no build, no database), --runs=N (Lighthouse runs per URL, default 3), --build
// (npm run build first, also when a build exists), --no-record (do not append to bench/RESULTS.md,
// for trying things out). Environment: BENCH_PG_URL (admin connection,
// default postgres://postgres@127.0.0.1:5432/postgres), CHROME_PATH (default /usr/bin/chromium).
//
// Exit code 0 when the benchmark ran, whatever the verdict; non-zero only when it could not run.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { childEnv, ensurePinnedNode, findFreePort, rootDir } from '../scripts/lib/util.mjs';

await ensurePinnedNode();

// ---- options -------------------------------------------------------------------------------
const STEPS = ['size', 'axe', 'lighthouse'];
const TARGETS = {
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 },
  lighthouseUrls: ['/', '/faq', '/sign-up'],
  axeViolations: 0,
  axeTags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'],
  homeInitialJsGzipBytes: 150_000,
};
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const NOT_FOUND_PATH = '/this-page-does-not-exist';
const HOME_CHUNK = 'src/features/site/pages/HomePage.tsx';
const CONSENT = '{"essential":true,"analytics":false,"timestamp":"2025-01-01T00:00:00.000Z"}';
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

function usage(message) {
  console.error(`[site-bench] ${message}`);
  console.error(
    'usage: node bench/site.bench.mjs [--only=lighthouse|axe|size[,...]] [--url=http://host:port] [--runs=N] [--build] [--no-record]',
  );
  process.exit(2);
}

const options = { only: STEPS, url: null, runs: 3, build: false, record: true };
for (const arg of process.argv.slice(2)) {
  const [key, value] = arg.includes('=')
    ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
    : [arg, undefined];
  if (key === '--only') {
    const steps = String(value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!steps.length || steps.some((s) => !STEPS.includes(s)))
      usage(`--only takes ${STEPS.join('|')} (comma-separated), not '${value}'`);
    options.only = STEPS.filter((s) => steps.includes(s));
  } else if (key === '--url') {
    try {
      const url = new URL(value);
      options.url = url.origin;
    } catch {
      usage(`--url needs an absolute URL, not '${value}'`);
    }
  } else if (key === '--runs') {
    const runs = Number(value);
    if (!Number.isInteger(runs) || runs < 1 || runs > 25) usage(`--runs takes a whole number 1..25, not '${value}'`);
    options.runs = runs;
  } else if (key === '--build') {
    options.build = true;
  } else if (key === '--no-record') {
    options.record = false;
  } else {
    usage(`unknown argument '${arg}'`);
  }
}
const wants = (step) => options.only.includes(step);

const startedAt = new Date();
const timestamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_').toLowerCase();
const log = (message) => console.log(`[site-bench] ${message}`);
const warn = (message) => console.log(`[site-bench] WARNING: ${message}`);
const resultsDir = join(rootDir, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const kB = (bytes) => round(bytes / 1000, 1);
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
/** An element's markup without inline styles and Mantine's hashed classes, for reading. */
const compactHtml = (html, max = 180) =>
  oneLine(
    String(html ?? '')
      .replace(/\s(style|data-discover)="[^"]*"/g, '')
      .replace(/\sclass="([^"]*)"/g, (_, classes) => {
        const kept = classes
          .split(/\s+/)
          .filter((c) => c && !/^m_[0-9a-f]{8}$/.test(c) && !['mantine-focus-auto', 'mantine-active'].includes(c));
        return kept.length ? ` class="${kept.join(' ')}"` : '';
      }),
    max,
  );
const oneLine = (text, max = 400) => {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

// ---- cleanup (also on Ctrl-C) --------------------------------------------------------------
const cleanupSteps = [];
let cleaningUp = null;
function cleanup() {
  cleaningUp ??= (async () => {
    while (cleanupSteps.length) {
      const step = cleanupSteps.pop();
      await step().catch((error) => console.error(`[site-bench] cleanup step failed: ${error.message ?? error}`));
    }
  })();
  return cleaningUp;
}
/** Stops the run: cleans up and exits with `code`. The returned promise never settles. */
let aborting = false;
function abort(code, message) {
  if (!aborting) {
    aborting = true;
    if (message) console.error(`[site-bench] ${message}`);
    cleanup().finally(() => process.exit(code));
  }
  return new Promise(() => {});
}
/** Awaited between steps: parks the main flow while an abort (Ctrl-C, api crash) cleans up. */
const stillRunning = () => (aborting ? new Promise(() => {}) : undefined);
const fail = (message) => abort(1, message);
// `on`, not `once`: under ensurePinnedNode a Ctrl-C arrives twice (from the terminal and relayed).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!aborting) log(`${signal}: stopping the browsers and the api, dropping the bench database`);
    void abort(130);
  });
}
process.on('uncaughtException', (error) => void abort(1, `crashed: ${error.stack ?? error}`));
process.on('unhandledRejection', (error) => void abort(1, `crashed (unhandled rejection): ${error?.stack ?? error}`));

// ---- machine -------------------------------------------------------------------------------
const loadNow = () => loadavg().map((l) => round(l, 2));
const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memGiB: round(totalmem() / 2 ** 30, 1),
  node: process.version,
  chromium: (() => {
    const out = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' });
    return out.status === 0 ? oneLine(out.stdout) : null;
  })(),
  date: startedAt.toISOString(),
  loadAvgAtStart: loadNow(),
};
log(
  `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memGiB} GiB, node ${machine.node}, ${machine.chromium ?? `NO CHROMIUM at ${CHROME_PATH}`}`,
);
log(`load average at start: ${machine.loadAvgAtStart.join(' ')} (1, 5, 15 min)`);
if (machine.loadAvgAtStart[0] > 1.5) {
  warn(
    `the 1-min load average is ${machine.loadAvgAtStart[0]} (> 1.5) on a shared ${machine.cores}-core machine: Lighthouse performance scores (and timings) are unreliable in this run; accessibility, best-practices, SEO, axe and sizes are not affected.`,
  );
}
if (!machine.chromium) await fail(`chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
log(
  `steps: ${options.only.join(', ')}${wants('lighthouse') ? ` (${options.runs} Lighthouse run(s) per URL)` : ''}; server: ${options.url ?? 'built api on a fresh database'}`,
);

// ---- build ---------------------------------------------------------------------------------
const webDist = join(rootDir, 'frontend/dist');
const prerenderManifestOf = (dist) => join(dist, 'prerendered/manifest.json');
const viteManifestOf = (dist) => join(dist, '.vite/manifest.json');

function newestFile(dirs, test) {
  let newest = { mtimeMs: 0, file: null };
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const entries = statSync(dir).isDirectory() ? readdirSync(dir, { withFileTypes: true, recursive: true }) : [null];
    for (const entry of entries) {
      const full = entry ? join(entry.parentPath, entry.name) : dir;
      if (entry && !entry.isFile()) continue;
      if (full.includes('/node_modules/') || !test(full)) continue;
      const { mtimeMs } = statSync(full);
      if (mtimeMs > newest.mtimeMs) newest = { mtimeMs, file: full };
    }
  }
  return newest;
}

function runNpm(script) {
  log(`npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { cwd: rootDir, stdio: 'inherit', env: childEnv() });
  return result.status === 0;
}

const staleness = [];
if (!options.url) {
  const needWeb = options.build || !existsSync(prerenderManifestOf(webDist));
  const needServer = !existsSync(join(rootDir, 'dist/apps/api/src/main.js'));
  if (needWeb) {
    log(options.build ? 'building (--build)' : 'frontend/dist/prerendered/manifest.json is missing: building');
    if (!runNpm('build')) await fail('npm run build failed');
  } else if (needServer) {
    log('dist/apps/api/src/main.js is missing: building the server');
    if (!runNpm('build:server')) await fail('npm run build:server failed');
  }
  // Not rebuilt automatically (pass --build), but say so: the figures are for what was built.
  const webBuiltAt = statSync(prerenderManifestOf(webDist)).mtimeMs;
  const newestWeb = newestFile(
    [join(rootDir, 'frontend/src'), join(rootDir, 'frontend/public'), join(rootDir, 'frontend/index.html')],
    (f) => !/\.(spec|test)\.tsx?$/.test(f),
  );
  if (newestWeb.mtimeMs > webBuiltAt)
    staleness.push(
      `${relative(rootDir, newestWeb.file)} is newer than frontend/dist (built ${new Date(webBuiltAt).toISOString().slice(0, 16)}Z)`,
    );
  const serverStamp = existsSync(join(rootDir, 'dist/.tsbuildinfo'))
    ? join(rootDir, 'dist/.tsbuildinfo')
    : join(rootDir, 'dist/apps/api/src/main.js');
  const newestServer = newestFile(
    [join(rootDir, 'apps'), join(rootDir, 'libs')],
    (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.includes('/libs/testing/'),
  );
  if (newestServer.mtimeMs > statSync(serverStamp).mtimeMs)
    staleness.push(`${relative(rootDir, newestServer.file)} is newer than the server build in dist/`);
  for (const note of staleness) warn(`${note}: measuring the existing build; pass --build to rebuild first`);
}

// ---- a private copy of the web build -------------------------------------------------------
// Others may rebuild frontend/dist while this runs (vite empties it); the api serves this copy.
let distDir = webDist;
let tmp = null;
if (!options.url) {
  tmp = mkdtempSync(join(tmpdir(), 'fanmint-site-bench-'));
  cleanupSteps.push(async () => rmSync(tmp, { recursive: true, force: true }));
  distDir = join(tmp, 'dist');
  for (let attempt = 1; ; attempt += 1) {
    rmSync(distDir, { recursive: true, force: true });
    let problem;
    try {
      cpSync(webDist, distDir, { recursive: true });
      problem = checkDist(distDir);
    } catch (error) {
      problem = `copy failed: ${error.message}`;
    }
    if (!problem) break;
    if (attempt === 3)
      await fail(`frontend/dist is inconsistent (${problem}); is a build running? Try again or pass --build`);
    log(`frontend/dist looks mid-rebuild (${problem}); copying again in 10 s`);
    await sleep(10_000);
  }
  log(`serving a copy of frontend/dist from ${distDir}`);
}

/** Null when every file both manifests name is present, else what is missing. */
function checkDist(dir) {
  if (!existsSync(viteManifestOf(dir))) return '.vite/manifest.json missing';
  if (!existsSync(prerenderManifestOf(dir))) return 'prerendered/manifest.json missing';
  try {
    const vite = JSON.parse(readFileSync(viteManifestOf(dir), 'utf8'));
    for (const chunk of Object.values(vite)) {
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])])
        if (!existsSync(join(dir, file))) return `${file} missing`;
    }
    const pre = JSON.parse(readFileSync(prerenderManifestOf(dir), 'utf8'));
    for (const file of [...Object.values(pre.pages), pre.notFound])
      if (!existsSync(join(dir, file))) return `${file} missing`;
    const entry = vite['index.html']?.file;
    const home = readFileSync(join(dir, pre.pages['/']), 'utf8');
    if (entry && !home.includes(`/${entry}`)) return 'prerendered/index.html does not load the current entry chunk';
  } catch (error) {
    return error.message;
  }
  return null;
}

const result = {
  machine,
  options: { ...options },
  targets: TARGETS,
  staleness,
  build: null,
  size: null,
  axe: null,
  lighthouse: null,
  errors: [],
};

// ---- 1a. size from the build manifest ------------------------------------------------------
function staticSize(dir) {
  const vite = JSON.parse(readFileSync(viteManifestOf(dir), 'utf8'));
  if (!vite['index.html']) throw new Error("the Vite manifest has no 'index.html' entry");
  if (!vite[HOME_CHUNK]) throw new Error(`the Vite manifest has no '${HOME_CHUNK}' chunk`);
  const js = new Map();
  const css = new Set();
  const visit = (key) => {
    const chunk = vite[key];
    if (!chunk || js.has(chunk.file)) return;
    js.set(chunk.file, key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(HOME_CHUNK);
  const measure = (file) => {
    const body = readFileSync(join(dir, file));
    return { file, bytes: body.length, gzip: gzipSize(body) };
  };
  const jsFiles = [...js.keys()].map(measure).sort((a, b) => b.gzip - a.gzip);
  const cssFiles = [...css].map(measure).sort((a, b) => b.gzip - a.gzip);
  const allCss = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => measure(`assets/${f}`));
  const allJs = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => measure(`assets/${f}`));
  const sum = (files, key = 'gzip') => files.reduce((total, f) => total + f[key], 0);
  return {
    method: `'index.html' + '${HOME_CHUNK}' and their static imports (recursive, deduplicated), gzip level 9`,
    homeInitialJs: { gzip: sum(jsFiles), bytes: sum(jsFiles, 'bytes'), files: jsFiles },
    homeInitialCss: { gzip: sum(cssFiles), bytes: sum(cssFiles, 'bytes'), files: cssFiles },
    allCss: { gzip: sum(allCss), bytes: sum(allCss, 'bytes'), count: allCss.length },
    allJs: { gzip: sum(allJs), bytes: sum(allJs, 'bytes'), count: allJs.length },
  };
}

if (wants('size')) {
  try {
    result.size = { static: staticSize(distDir), browser: null };
    const s = result.size.static;
    log(
      `home initial JS (build manifest): ${kB(s.homeInitialJs.gzip)} kB gzip (${s.homeInitialJs.files.length} chunks, ${kB(s.homeInitialJs.bytes)} kB raw); CSS ${kB(s.homeInitialCss.gzip)} kB gzip; all JS in the build ${kB(s.allJs.gzip)} kB gzip (${s.allJs.count} chunks), all CSS ${kB(s.allCss.gzip)} kB gzip`,
    );
  } catch (error) {
    result.errors.push(`size (manifest): ${error.message}`);
    log(`size from the manifest failed: ${error.message}`);
  }
}

// ---- the server ----------------------------------------------------------------------------
let baseUrl = options.url;

/** Waits until /health answers with the database up (mail is 'down': nothing listens on SMTP_URL). */
async function waitForHealth(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`the api exited with code ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      const body = await response.text();
      last = `${response.status} ${body}`;
      if (JSON.parse(body)?.checks?.database === 'up') return;
    } catch (error) {
      last = String(error.cause?.code ?? error.message);
    }
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${url} (last: ${last})`);
}

async function startServer() {
  const pg = (await import('pg')).default;
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `fanmint_bench_site_${timestamp}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  cleanupSteps.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.end();
    log(`dropped database ${dbName}`);
  });
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();

  const migrate = spawnSync(process.execPath, [join(rootDir, 'dist/apps/api/src/migrate.js')], {
    cwd: rootDir,
    env: childEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}${migrate.stderr}`);

  const port = await findFreePort(39_600);
  const smtpPort = await findFreePort(port + 1); // nothing listens there; mail is not part of this benchmark
  const publicUrl = `http://127.0.0.1:${port}`;
  // Started through a one-line launcher so that its command line is not `node dist/apps/api/src/main.js`:
  // other sessions on this shared box stop their own api by that name, and took ours with it.
  const launcher = join(tmp, 'site-bench-api.mjs');
  writeFileSync(
    launcher,
    `await import(${JSON.stringify(pathToFileURL(join(rootDir, 'dist/apps/api/src/main.js')).href)});\n`,
  );
  const api = spawn(process.execPath, [launcher], {
    cwd: rootDir,
    env: childEnv({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: `site-bench-${timestamp}-0123456789abcdefghijklmnopqrstuvwxyz`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: distDir,
      REDIS_URL: undefined,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a Ctrl-C reaches us, and we stop it after the browsers
  });
  let stopping = false;
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 100) output.shift();
  };
  api.stdout.on('data', keep);
  api.stderr.on('data', keep);
  api.on('exit', (code, signal) => {
    if (!stopping)
      void abort(
        1,
        `the api exited unexpectedly (${signal ?? `code ${code}`}); its last output:\n${output.join('').slice(-4000)}`,
      );
  });
  cleanupSteps.push(async () => {
    stopping = true;
    if (api.exitCode !== null || api.signalCode !== null) return;
    const exited = once(api, 'exit');
    api.kill('SIGTERM');
    const timer = setTimeout(() => api.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    log('api stopped');
  });
  try {
    await waitForHealth(`${publicUrl}/health`, 60_000, api);
  } catch (error) {
    throw new Error(`${error.message}\napi output:\n${output.join('').slice(-4000)}`);
  }
  log(`api (pid ${api.pid}) on ${publicUrl}, database ${dbName}`);
  return { publicUrl, dbName, apiPid: api.pid };
}

if (!baseUrl) {
  try {
    const server = await startServer();
    baseUrl = server.publicUrl;
    result.server = { database: server.dbName, url: baseUrl, webDist: 'copy of frontend/dist' };
  } catch (error) {
    await fail(`could not start the server: ${error.stack ?? error.message}`);
  }
} else {
  result.server = { url: baseUrl, webDist: '(external server)' };
}

// The site must be open: a locked site answers every page with the 401 'Password Page'.
try {
  const response = await fetch(`${baseUrl}/`);
  const html = await response.text();
  if (response.status === 401)
    await fail(`${baseUrl}/ answers 401 (the site password gate is on): the pages cannot be measured`);
  if (!response.ok) await fail(`${baseUrl}/ answers ${response.status}`);
  result.server.csp = response.headers.get('content-security-policy') ? 'sent' : 'none';
  if (!/<h1[\s>]/.test(html)) warn(`${baseUrl}/ has no <h1> in its HTML: is it the prerendered home page?`);
} catch (error) {
  await fail(`cannot reach ${baseUrl}/: ${error.cause?.code ?? error.message}`);
}

// The public pages: the prerender manifest (this build's, or the local one with --url).
function publicPaths() {
  const file = prerenderManifestOf(distDir);
  if (existsSync(file)) return Object.keys(JSON.parse(readFileSync(file, 'utf8')).pages);
  return null;
}

// ---- browser helpers (playwright-core) -----------------------------------------------------
let chromium = null;
async function launchBrowser({ theme, consent, viewport }) {
  chromium ??= (await import('playwright-core')).chromium;
  const profile = mkdtempSync(join(tmpdir(), 'fanmint-site-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_FLAGS,
    viewport,
    bypassCSP: true, // the site's CSP (script-src 'self' + hashes) would block the injected axe script
    handleSIGINT: false, // closed by our cleanup, in order
    handleSIGTERM: false,
    handleSIGHUP: false,
    serviceWorkers: 'block',
  });
  const close = async () => {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  cleanupSteps.push(close);
  await context.addInitScript(
    ({ theme: t, consent: c }) => {
      try {
        if (t) window.localStorage.setItem('theme', t);
        if (c) window.localStorage.setItem('cookieConsent', c);
        else window.localStorage.removeItem('cookieConsent');
      } catch {
        // about:blank and opaque origins have no storage
      }
    },
    { theme, consent: consent ? CONSENT : null },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      const index = cleanupSteps.indexOf(close);
      if (index >= 0) cleanupSteps.splice(index, 1);
      await close();
    },
  };
}

const QUIET_MS = 1000;

/**
 * Loads a path and waits until the page has settled: network idle (Playwright's: no request for
 * 500 ms), then no request in flight for QUIET_MS and an idle main thread (on a busy machine
 * module chunks can arrive more than 500 ms apart), then settleMs more. Collects console errors.
 */
async function load(page, path, settleMs) {
  const errors = [];
  let inflight = 0;
  let lastActivity = performance.now();
  const onConsole = (message) => {
    if (message.type() !== 'error') return;
    // The not-found page's own 404 is expected.
    if (path === NOT_FOUND_PATH && /status of 404/.test(message.text()) && message.location()?.url?.endsWith(path))
      return;
    errors.push(oneLine(message.text(), 300));
  };
  const onPageError = (error) => errors.push(oneLine(`pageerror: ${error.message}`, 300));
  const onRequest = () => {
    inflight += 1;
    lastActivity = performance.now();
  };
  const onDone = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = performance.now();
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 90_000 });
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5000 })),
          ),
      );
      if (inflight === 0 && performance.now() - lastActivity >= QUIET_MS) break;
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(settleMs);
    return { status: response?.status() ?? null, errors };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}

// ---- 1b. size in the browser ---------------------------------------------------------------
async function browserSize(viewport) {
  const browser = await launchBrowser({ theme: null, consent: false, viewport });
  try {
    const pending = [];
    browser.page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response
          .body()
          .then((body) => ({
            type,
            url: response.url().replace(baseUrl, ''),
            status: response.status(),
            bytes: body.length,
            gzip: gzipSize(body),
          }))
          .catch((error) => ({
            type,
            url: response.url().replace(baseUrl, ''),
            status: response.status(),
            error: error.message,
          })),
      );
    });
    const { status, errors } = await load(browser.page, '/', 500);
    // When each file was requested, relative to the page's load event (resource timing).
    const timing = await browser.page.evaluate(() => ({
      loadEventEnd: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? null,
      resources: performance
        .getEntriesByType('resource')
        .map((r) => ({ url: new URL(r.name).pathname, startTime: r.startTime })),
    }));
    const startOf = new Map(timing.resources.map((r) => [r.url, r.startTime]));
    const files = (await Promise.all(pending)).map((f) => ({
      ...f,
      requestedMs: round(startOf.get(f.url) ?? NaN, 0),
      afterLoadEvent: timing.loadEventEnd !== null && (startOf.get(f.url) ?? 0) > timing.loadEventEnd,
    }));
    const scripts = files.filter((f) => f.type === 'script').sort((a, b) => (b.gzip ?? 0) - (a.gzip ?? 0));
    const styles = files.filter((f) => f.type === 'stylesheet');
    const sum = (list, key) => list.reduce((total, f) => total + (f[key] ?? 0), 0);
    const beforeLoad = scripts.filter((f) => !f.afterLoadEvent);
    return {
      viewport: `${viewport.width}x${viewport.height}`,
      status,
      loadEventMs: round(timing.loadEventEnd ?? NaN, 0),
      jsBeforeLoadEvent: { gzip: sum(beforeLoad, 'gzip'), count: beforeLoad.length },
      consoleErrors: errors,
      js: { gzip: sum(scripts, 'gzip'), bytes: sum(scripts, 'bytes'), files: scripts },
      css: { gzip: sum(styles, 'gzip'), bytes: sum(styles, 'bytes'), files: styles },
      unreadable: files.filter((f) => f.error).map((f) => `${f.url}: ${f.error}`),
    };
  } finally {
    await browser.close();
  }
}

if (wants('size')) {
  try {
    const measured = [];
    for (const viewport of [MOBILE, DESKTOP]) measured.push(await browserSize(viewport));
    const worst = measured.reduce((a, b) => (b.jsBeforeLoadEvent.gzip > a.jsBeforeLoadEvent.gzip ? b : a));
    result.size ??= { static: null };
    result.size.browser = {
      method:
        'first visit to / (empty cache, no cookie consent), per viewport: every script response until the page settles, bodies gzip level 9; ' +
        "'initialJs' = the scripts requested before the load event (the target), 'allJs' = also those requested after it (deferred: idle-time and lazy chunks)",
      worst: worst.viewport,
      initialJs: worst.jsBeforeLoadEvent.gzip,
      allJs: Math.max(...measured.map((m) => m.js.gzip)),
      css: worst.css.gzip,
      runs: measured,
    };
    for (const m of measured) {
      log(
        `home JS in the browser at ${m.viewport}: ${kB(m.jsBeforeLoadEvent.gzip)} kB gzip in ${m.jsBeforeLoadEvent.count} scripts requested before the load event (${m.loadEventMs} ms), ${kB(m.js.gzip)} kB in all ${m.js.files.length} (with the deferred ones); CSS ${kB(m.css.gzip)} kB gzip; status ${m.status}${m.consoleErrors.length ? `; console errors: ${m.consoleErrors.length}` : ''}`,
      );
    }
    const staticFiles = new Set((result.size.static?.homeInitialJs.files ?? []).map((f) => `/${f.file}`));
    const extra = worst.js.files.filter((f) => !staticFiles.has(f.url));
    const missing = [...staticFiles].filter((f) => !worst.js.files.some((s) => s.url === f));
    result.size.browser.beyondManifest = extra.map((f) => ({
      url: f.url,
      gzip: f.gzip,
      requestedMs: f.requestedMs,
      afterLoadEvent: f.afterLoadEvent,
    }));
    result.size.browser.manifestButNotLoaded = missing;
    if (extra.length)
      log(
        `  loaded on top of the manifest's set: ${extra.map((f) => `${f.url} (${kB(f.gzip)} kB, requested at ${f.requestedMs} ms${f.afterLoadEvent ? ', after the load event' : ''})`).join(', ')}`,
      );
    if (missing.length) log(`  in the manifest's set but not loaded: ${missing.join(', ')}`);
  } catch (error) {
    result.errors.push(`size (browser): ${error.message}`);
    log(`size in the browser failed: ${error.stack ?? error.message}`);
  }
}

// ---- 2. axe --------------------------------------------------------------------------------
async function runAxe(page) {
  const source = readFileSync(join(rootDir, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  return page.evaluate(async (tags) => {
    // eslint-disable-next-line no-undef
    const res = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations', 'incomplete'],
    });
    const slim = (items) =>
      items.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.length,
        first: v.nodes[0]
          ? {
              target: v.nodes[0].target.join(' '),
              html: v.nodes[0].html.slice(0, 300),
              failureSummary: v.nodes[0].failureSummary,
            }
          : null,
        all: v.nodes
          .slice(0, 100)
          .map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 300), summary: n.failureSummary })),
      }));
    return {
      violations: slim(res.violations),
      incomplete: res.incomplete.map((v) => {
        // Why axe could not decide (e.g. bgGradient, bgImage, pseudoContent, bgOverlap), per node.
        const reasons = {};
        for (const n of v.nodes) {
          const key = [...n.any, ...n.all, ...n.none].map((c) => c.data?.messageKey ?? c.id).find(Boolean) ?? 'unknown';
          reasons[key] = (reasons[key] ?? 0) + 1;
        }
        return {
          id: v.id,
          nodes: v.nodes.length,
          reasons,
          examples: v.nodes.slice(0, 3).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
        };
      }),
      axeVersion: res.testEngine.version,
      colorScheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      h1: document.querySelectorAll('h1').length,
      cookieBanner: !!document.querySelector('[aria-label="Cookie consent"]'),
      horizontalOverflow: document.documentElement.scrollWidth > window.innerWidth + 1,
    };
  }, TARGETS.axeTags);
}

async function axePass(browser, { path, theme, viewport, consent, settleMs }) {
  const label = `${path} [${theme} ${viewport.width}x${viewport.height}${consent ? '' : ' no-consent'}]`;
  const entry = { path, theme, viewport: `${viewport.width}x${viewport.height}`, consent, label };
  try {
    await browser.page.setViewportSize(viewport);
    const { status, errors } = await load(browser.page, path, settleMs);
    const axe = await runAxe(browser.page);
    Object.assign(entry, { status, consoleErrors: errors, ...axe });
    const expected = path === NOT_FOUND_PATH ? 404 : 200;
    if (status !== expected) entry.warning = `status ${status} (expected ${expected})`;
    if (axe.colorScheme !== theme)
      entry.warning = `${entry.warning ? `${entry.warning}; ` : ''}page rendered in '${axe.colorScheme}', not '${theme}'`;
    if (!consent && !axe.cookieBanner)
      entry.warning = `${entry.warning ? `${entry.warning}; ` : ''}the cookie banner was not shown`;
  } catch (error) {
    entry.error = oneLine(error.message, 500);
  }
  const v = entry.violations ?? [];
  log(
    `axe ${label}: ${entry.error ? `ERROR ${entry.error}` : v.length ? `${v.length} violation(s): ${v.map((x) => `${x.id}×${x.nodes}`).join(', ')}` : 'no violations'}${entry.warning ? ` (WARNING: ${entry.warning})` : ''}`,
  );
  return entry;
}

if (wants('axe')) {
  const paths = publicPaths();
  if (!paths) {
    result.errors.push('axe: no prerender manifest (frontend/dist/prerendered/manifest.json) to list the public pages');
    log('axe skipped: no frontend/dist/prerendered/manifest.json to list the public pages (run npm run build)');
  } else {
    const started = performance.now();
    const passes = [];
    for (const theme of ['light', 'dark']) {
      const browser = await launchBrowser({ theme, consent: true, viewport: DESKTOP });
      try {
        for (const path of [...paths, NOT_FOUND_PATH]) {
          await stillRunning();
          passes.push(await axePass(browser, { path, theme, viewport: DESKTOP, consent: true, settleMs: 500 }));
        }
        passes.push(await axePass(browser, { path: '/', theme, viewport: MOBILE, consent: true, settleMs: 500 }));
      } finally {
        await browser.close();
      }
      const fresh = await launchBrowser({ theme, consent: false, viewport: DESKTOP });
      try {
        passes.push(await axePass(fresh, { path: '/', theme, viewport: DESKTOP, consent: false, settleMs: 1500 }));
      } finally {
        await fresh.close();
      }
    }
    const violations = passes.reduce((n, p) => n + (p.violations?.length ?? 0), 0);
    const nodes = passes.reduce((n, p) => n + (p.violations ?? []).reduce((m, v) => m + v.nodes, 0), 0);
    const byRule = {};
    for (const p of passes) {
      for (const v of p.violations ?? []) {
        byRule[v.id] ??= { impact: v.impact, help: v.help, passes: 0, nodes: 0, pages: new Set() };
        byRule[v.id].passes += 1;
        byRule[v.id].nodes += v.nodes;
        byRule[v.id].pages.add(p.path);
      }
    }
    result.axe = {
      tags: TARGETS.axeTags,
      axeVersion: passes.find((p) => p.axeVersion)?.axeVersion ?? null,
      pages: paths.length + 1,
      passesChecked: passes.filter((p) => !p.error).length,
      passesTotal: passes.length,
      errors: passes.filter((p) => p.error).length,
      violations,
      nodes,
      byRule: Object.fromEntries(Object.entries(byRule).map(([id, r]) => [id, { ...r, pages: [...r.pages] }])),
      seconds: round((performance.now() - started) / 1000, 0),
      passes,
    };
  }
}

// ---- 3. Lighthouse -------------------------------------------------------------------------
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const score100 = (category) =>
  category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);

/** Audits under 1 in a category (not informative / not applicable / manual), with what to fix. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
    if (categoryId === 'performance' && ref.group === 'metrics') continue;
    const items = audit.details?.items ?? [];
    const first = items[0];
    const node = first?.node ?? first?.source?.node ?? null;
    const savings = audit.metricSavings ?? {};
    out.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      group: ref.group ?? null,
      displayValue: audit.displayValue ?? null,
      items: items.length,
      first: node
        ? oneLine(`${node.selector ?? ''} ${node.snippet ?? ''}`, 300)
        : first?.url
          ? oneLine(first.url, 200)
          : first?.description
            ? oneLine(first.description, 200)
            : null,
      savingsMs: audit.details?.overallSavingsMs ?? (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0),
      savingsBytes: audit.details?.overallSavingsBytes ?? null,
      metricSavings: audit.metricSavings ?? null,
      errorMessage: audit.errorMessage ?? null,
    });
  }
  if (categoryId === 'performance') out.sort((a, b) => b.savingsMs - a.savingsMs || a.score - b.score);
  return out;
}

function metricsOf(lhr) {
  const m = (id) =>
    lhr.audits[id]
      ? {
          value: round(lhr.audits[id].numericValue ?? NaN, 3),
          display: lhr.audits[id].displayValue ?? null,
          score: lhr.audits[id].score,
        }
      : null;
  return {
    fcp: m('first-contentful-paint'),
    lcp: m('largest-contentful-paint'),
    tbt: m('total-blocking-time'),
    cls: m('cumulative-layout-shift'),
    si: m('speed-index'),
  };
}

async function lighthouseRun(lighthouse, chromeLauncher, url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const kill = async () => {
    try {
      await chrome.kill();
    } catch {
      // already gone
    }
  };
  cleanupSteps.push(kill);
  try {
    const loadAtStart = loadNow()[0];
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = runnerResult?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    return { lhr, loadAtStart };
  } finally {
    const index = cleanupSteps.indexOf(kill);
    if (index >= 0) cleanupSteps.splice(index, 1);
    await kill();
  }
}

if (wants('lighthouse')) {
  process.env.CHROME_PATH = CHROME_PATH;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  result.lighthouse = { version: null, runsPerUrl: options.runs, pages: {} };
  // Warm the server (first requests after start pay for JIT and caches), so run 1 is like run 3.
  for (const path of TARGETS.lighthouseUrls)
    for (let i = 0; i < 3; i += 1)
      await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
  for (const path of TARGETS.lighthouseUrls) {
    const runs = [];
    for (let i = 1; i <= options.runs; i += 1) {
      await stillRunning();
      const t0 = performance.now();
      try {
        const { lhr, loadAtStart } = await lighthouseRun(lighthouse, chromeLauncher, `${baseUrl}${path}`);
        result.lighthouse.version ??= lhr.lighthouseVersion;
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score100(lhr.categories[c])]));
        runs.push({
          run: i,
          scores,
          metrics: metricsOf(lhr),
          loadAtStart,
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
          runtimeError: lhr.runtimeError?.message ?? null,
          runWarnings: lhr.runWarnings ?? [],
          seconds: round((performance.now() - t0) / 1000, 0),
          lhr,
        });
        log(
          `lighthouse ${path} run ${i}/${options.runs}: perf ${scores.performance} · a11y ${scores.accessibility} · bp ${scores['best-practices']} · seo ${scores.seo} (LCP ${metricsOf(lhr).lcp?.display}, TBT ${metricsOf(lhr).tbt?.display}; load ${loadAtStart}; benchmarkIndex ${lhr.environment?.benchmarkIndex}; ${round((performance.now() - t0) / 1000, 0)} s)${lhr.runtimeError ? ` RUNTIME ERROR: ${lhr.runtimeError.message}` : ''}`,
        );
      } catch (error) {
        runs.push({ run: i, error: oneLine(error.message, 500) });
        log(`lighthouse ${path} run ${i}/${options.runs}: ERROR ${error.message}`);
      }
    }
    const good = runs.filter((r) => r.lhr && r.scores.performance !== null);
    const page = { runs: runs.map(({ lhr, ...rest }) => rest), median: null };
    if (good.length) {
      // Median by performance score (for an even count, the lower of the middle two).
      const sorted = [...good].sort((a, b) => a.scores.performance - b.scores.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const reportFile = join(
        resultsDir,
        `site-${timestamp}-lh-${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}.json`,
      );
      writeFileSync(reportFile, JSON.stringify(median.lhr));
      page.median = {
        run: median.run,
        scores: median.scores,
        perfRange: [sorted[0].scores.performance, sorted.at(-1).scores.performance],
        metrics: median.metrics,
        failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(median.lhr, c)])),
        runWarnings: median.runWarnings,
        report: relative(rootDir, reportFile),
      };
    }
    result.lighthouse.pages[path] = page;
  }
}

// ---- report --------------------------------------------------------------------------------
await stillRunning();
await cleanup();
await stillRunning();
machine.loadAvgAtEnd = loadNow();

const mark = (pass) => (pass === null ? '—' : pass ? 'PASS' : 'FAIL');
const rows = [];
const verdicts = [];

console.log('');
if (result.lighthouse) {
  console.log('==== Lighthouse (mobile, simulated throttling) — failing audits of the median run ====');
  for (const [path, page] of Object.entries(result.lighthouse.pages)) {
    if (!page.median) {
      console.log(
        `\n${path}: no successful run (${page.runs
          .map((r) => r.error)
          .filter(Boolean)
          .join('; ')})`,
      );
      continue;
    }
    const { scores, metrics, failing } = page.median;
    console.log(
      `\n${path}: perf ${scores.performance} (runs: ${page.runs.map((r) => r.scores?.performance ?? 'error').join(', ')}) · a11y ${scores.accessibility} · bp ${scores['best-practices']} · seo ${scores.seo}   report: ${page.median.report}`,
    );
    const medianRun = page.runs.find((r) => r.run === page.median.run);
    console.log(
      `  metrics: FCP ${metrics.fcp?.display} · LCP ${metrics.lcp?.display} · TBT ${metrics.tbt?.display} · CLS ${metrics.cls?.display} · SI ${metrics.si?.display}   (load average ${medianRun?.loadAtStart}, Lighthouse benchmarkIndex ${medianRun?.benchmarkIndex})`,
    );
    for (const category of ['accessibility', 'seo', 'best-practices']) {
      for (const audit of failing[category]) {
        console.log(
          `  [${category}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${audit.items ? ` — ${audit.items} item(s)` : ''}${audit.first ? `; first: ${audit.first}` : ''}${audit.errorMessage ? `; error: ${audit.errorMessage}` : ''}`,
        );
      }
    }
    const perf = failing.performance.filter((a) => a.score < 0.9 || a.savingsMs > 0).slice(0, 6);
    for (const audit of perf) {
      console.log(
        `  [performance] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${audit.savingsMs ? ` — est. savings ${Math.round(audit.savingsMs)} ms` : ''}${audit.savingsBytes ? `, ${kB(audit.savingsBytes)} kB` : ''}${audit.first ? `; first: ${audit.first}` : ''}`,
      );
    }
    for (const warning of page.median.runWarnings) console.log(`  [run warning] ${oneLine(warning, 300)}`);
  }
  console.log('');
}

if (result.axe) {
  console.log(
    `==== axe-core ${result.axe.axeVersion ?? ''} (${result.axe.tags.join(', ')}) — violations per page and theme ====`,
  );
  // A node failing the same rule with the same markup on several pages is the shared layout
  // (header, footer, banner): listed once below instead of under every page.
  const nodeKey = (pass, rule, node) =>
    `${pass.theme}|${rule}|${node.html.replace(/\s(id|aria-controls|aria-labelledby|aria-describedby|for)="[^"]*"/g, '').replace(/__m__-[\w-]+/g, '')}`;
  const seen = new Map();
  for (const pass of result.axe.passes) {
    for (const v of pass.violations ?? []) {
      for (const node of v.all) {
        const key = nodeKey(pass, v.id, node);
        const entry = seen.get(key) ?? { rule: v.id, impact: v.impact, theme: pass.theme, node, pages: new Set() };
        entry.pages.add(pass.path);
        seen.set(key, entry);
      }
    }
  }
  const sharedMin = Math.max(3, Math.ceil(result.axe.pages / 4));
  const shared = [...seen.entries()].filter(([, e]) => e.pages.size >= sharedMin);
  const sharedKeys = new Set(shared.map(([key]) => key));
  result.axe.shared = shared.map(([, e]) => ({
    rule: e.rule,
    impact: e.impact,
    theme: e.theme,
    target: e.node.target,
    html: e.node.html,
    summary: oneLine(e.node.summary, 500),
    pages: e.pages.size,
  }));
  if (shared.length) {
    console.log(`\nshared layout (the same node fails on >= ${sharedMin} pages; fix once):`);
    for (const e of result.axe.shared) {
      console.log(
        `  [${e.theme}] ${e.rule} (${e.impact}) on ${e.pages} pages: ${e.target}\n      ${compactHtml(e.html)}\n      ${oneLine(e.summary.replace(/^Fix (any|all) of the following:\s*/, ''), 300)}`,
      );
    }
  }
  console.log('\nper page (page-specific nodes; shared layout nodes only counted):');
  for (const pass of result.axe.passes) {
    if (pass.error) {
      console.log(`\n${pass.label}: ERROR ${pass.error}`);
      continue;
    }
    const own = [];
    let sharedCount = 0;
    for (const v of pass.violations) {
      const nodes = v.all.filter((node) => !sharedKeys.has(nodeKey(pass, v.id, node)));
      sharedCount += v.all.length - nodes.length;
      if (nodes.length) own.push({ ...v, own: nodes });
    }
    if (!own.length && !pass.warning) continue;
    console.log(
      `\n${pass.label}: ${pass.violations.length} rule(s) violated${sharedCount ? ` (+${sharedCount} shared layout node(s))` : ''}${pass.warning ? `; WARNING ${pass.warning}` : ''}`,
    );
    for (const v of own) {
      console.log(`  ${v.id} (${v.impact}) × ${v.own.length} node(s): ${v.help}`);
      for (const node of v.own.slice(0, 4))
        console.log(
          `    ${node.target}\n      ${compactHtml(node.html)}\n      ${oneLine(node.summary.replace(/^Fix (any|all) of the following:\s*/, ''), 300)}`,
        );
      if (v.own.length > 4) console.log(`    … ${v.own.length - 4} more (see the JSON)`);
    }
  }
  if (Object.keys(result.axe.byRule).length) {
    console.log('\nby rule:');
    for (const [id, r] of Object.entries(result.axe.byRule).sort((a, b) => b[1].passes - a[1].passes)) {
      console.log(`  ${id} (${r.impact}): ${r.passes} page×theme pass(es), ${r.nodes} node(s) — ${r.pages.join(', ')}`);
    }
  }
  const incomplete = {};
  for (const pass of result.axe.passes) {
    for (const i of pass.incomplete ?? []) {
      incomplete[i.id] ??= { nodes: 0, reasons: {} };
      incomplete[i.id].nodes += i.nodes;
      for (const [reason, n] of Object.entries(i.reasons ?? {}))
        incomplete[i.id].reasons[reason] = (incomplete[i.id].reasons[reason] ?? 0) + n;
    }
  }
  result.axe.incomplete = incomplete;
  if (Object.keys(incomplete).length) {
    const describe = ([id, r]) =>
      `${id} ${r.nodes} node(s) (${Object.entries(r.reasons)
        .sort((a, b) => b[1] - a[1])
        .map(([reason, n]) => `${reason} ${n}`)
        .join(', ')})`;
    console.log(
      `\nneeds review (axe 'incomplete': it could not decide; not counted, check by eye): ${Object.entries(incomplete).map(describe).join('; ')}`,
    );
  }
  const consoleErrors = new Map();
  for (const pass of result.axe.passes)
    for (const error of pass.consoleErrors ?? [])
      consoleErrors.set(error, [...(consoleErrors.get(error) ?? []), pass.label]);
  if (consoleErrors.size) {
    console.log('\nconsole errors while loading (not counted; a React #418/#423/#425 is a hydration mismatch):');
    for (const [error, labels] of consoleErrors)
      console.log(
        `  ${error}\n    on ${labels.length} pass(es): ${labels.slice(0, 8).join(', ')}${labels.length > 8 ? ', …' : ''}`,
      );
  }
  const overflow = result.axe.passes.filter((p) => p.horizontalOverflow);
  if (overflow.length) console.log(`horizontal scrolling (not counted) on: ${overflow.map((p) => p.label).join(', ')}`);
  console.log('');
}

if (result.lighthouse) {
  const t = TARGETS.lighthouse;
  for (const path of TARGETS.lighthouseUrls) {
    const s = result.lighthouse.pages[path]?.median?.scores;
    const pass = s
      ? s.performance >= t.performance &&
        s.accessibility >= t.accessibility &&
        s['best-practices'] >= t['best-practices'] &&
        s.seo >= t.seo
      : false;
    const detail = s
      ? CATEGORIES.filter((c) => s[c] < t[c]).map((c) =>
          c.replace('best-practices', 'bp').replace('accessibility', 'a11y').replace('performance', 'perf'),
        )
      : ['no result'];
    verdicts.push(pass);
    rows.push([
      `Lighthouse ${path} (mobile, median of ${options.runs})`,
      s ? `${s.performance} · ${s.accessibility} · ${s['best-practices']} · ${s.seo}` : 'error',
      `>=${t.performance} · ${t.accessibility} · >=${t['best-practices']} · ${t.seo}`,
      `${mark(pass)}${pass ? '' : ` (${detail.join(', ')})`}`,
    ]);
  }
}
if (result.axe) {
  const pass = result.axe.violations === 0 && result.axe.errors === 0;
  verdicts.push(pass);
  rows.push([
    `axe violations (${result.axe.pages} pages × 2 themes + home 375 px + banner)`,
    `${result.axe.violations} rule violations (${result.axe.nodes} nodes) in ${result.axe.passesChecked}/${result.axe.passesTotal} passes${result.axe.errors ? `, ${result.axe.errors} errors` : ''}`,
    '0',
    mark(pass),
  ]);
}
if (result.size) {
  const limit = TARGETS.homeInitialJsGzipBytes;
  if (result.size.static) {
    const pass = result.size.static.homeInitialJs.gzip <= limit;
    verdicts.push(pass);
    rows.push([
      'home initial JS, build manifest (gzip -9)',
      `${kB(result.size.static.homeInitialJs.gzip)} kB`,
      `<= ${kB(limit)} kB`,
      mark(pass),
    ]);
  }
  if (result.size.browser) {
    const pass = result.size.browser.initialJs <= limit;
    verdicts.push(pass);
    rows.push([
      `home JS in the browser, before the load event (${result.size.browser.worst})`,
      `${kB(result.size.browser.initialJs)} kB`,
      `<= ${kB(limit)} kB`,
      mark(pass),
    ]);
    rows.push([
      'home JS in the browser, with deferred chunks',
      `${kB(result.size.browser.allJs)} kB`,
      '(no target)',
      '',
    ]);
  }
  if (result.size.static)
    rows.push([
      'home initial CSS / all CSS (gzip -9)',
      `${kB(result.size.static.homeInitialCss.gzip)} / ${kB(result.size.static.allCss.gzip)} kB`,
      '(no target)',
      '',
    ]);
}
if (result.errors.length) verdicts.push(false);

const header = ['figure', 'value', 'target', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
console.log('');
for (const error of result.errors) console.log(`error: ${error}`);
const partial = options.only.length < STEPS.length;
const allPass = verdicts.length > 0 && verdicts.every(Boolean);
result.verdict = allPass ? 'PASS' : 'FAIL';
console.log(
  `RESULT: ${allPass ? 'PASS' : 'FAIL'}${partial ? ` (partial run: ${options.only.join(', ')})` : ''}${allPass ? '' : ' (see the FAIL rows above; exit code stays 0)'}`,
);
console.log(
  `load average: ${machine.loadAvgAtStart.join(' ')} at start, ${machine.loadAvgAtEnd.join(' ')} at the end${machine.loadAvgAtStart[0] > 1.5 && result.lighthouse ? ' — busy machine: the performance scores are unreliable' : ''}`,
);
for (const note of staleness) console.log(`note: ${note} (measured the existing build)`);

const file = join(resultsDir, `site-${timestamp}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`results: ${relative(rootDir, file)}`);

// ---- bench/RESULTS.md: one row per run, in its own section at the end ----------------------
if (!options.record) {
  console.log('--no-record: bench/RESULTS.md left as it is');
  process.exit(0);
}
const resultsMd = join(rootDir, 'bench/RESULTS.md');
const SECTION = '## Public site (npm run bench:site)';
const existing = existsSync(resultsMd) ? readFileSync(resultsMd, 'utf8') : '';
if (!existing.includes(SECTION)) {
  appendFileSync(
    resultsMd,
    `${existing.endsWith('\n') || !existing ? '' : '\n'}\n${SECTION}\n\n` +
      'One row per run of `npm run bench:site` (appended automatically; full JSON in `bench/results/site-<timestamp>.json`, not committed). See `bench/README.md`.\n' +
      'Lighthouse scores are perf·a11y·bp·seo of the median run (by performance) on mobile; the load average is the 1-minute one at the start — above 1.5 the performance scores are unreliable.\n\n' +
      `Targets: Lighthouse /, /faq, /sign-up (mobile) perf >= ${TARGETS.lighthouse.performance}, a11y ${TARGETS.lighthouse.accessibility}, bp >= ${TARGETS.lighthouse['best-practices']}, SEO ${TARGETS.lighthouse.seo} · axe (${TARGETS.axeTags.join(', ')}) 0 violations on every public page, both themes · home initial JS <= ${kB(TARGETS.homeInitialJsGzipBytes)} kB gzip.\n\n` +
      '| date (UTC) | machine (cores × cpu, load 1/5/15 min) | Lighthouse / | Lighthouse /faq | Lighthouse /sign-up | axe violations (passes) | home initial JS gzip kB (manifest / browser before load) | verdict | results file |\n' +
      '|---|---|---|---|---|---|---|---|---|\n',
  );
}
const lhCell = (path) => {
  const s = result.lighthouse?.pages[path]?.median?.scores;
  if (!result.lighthouse) return '—';
  if (!s) return 'error';
  const t = TARGETS.lighthouse;
  const ok =
    s.performance >= t.performance &&
    s.accessibility >= t.accessibility &&
    s['best-practices'] >= t['best-practices'] &&
    s.seo >= t.seo;
  return `${s.performance}·${s.accessibility}·${s['best-practices']}·${s.seo} ${mark(ok)}`;
};
const axeCell = result.axe
  ? `**${result.axe.violations}** (${result.axe.passesChecked}/${result.axe.passesTotal}${result.axe.errors ? `, ${result.axe.errors} errors` : ''}) ${mark(result.axe.violations === 0 && result.axe.errors === 0)}`
  : '—';
const sizeCell = result.size
  ? `${result.size.static ? kB(result.size.static.homeInitialJs.gzip) : '—'} / ${result.size.browser ? `${kB(result.size.browser.initialJs)} (${kB(result.size.browser.allJs)} with deferred)` : '—'} ` +
    mark(
      !!result.size.static &&
        Math.max(result.size.static.homeInitialJs.gzip, result.size.browser?.initialJs ?? 0) <=
          TARGETS.homeInitialJsGzipBytes,
    )
  : '—';
const row =
  `| ${machine.date.slice(0, 16).replace('T', ' ')}Z | ${machine.cores} × ${machine.cpu}, load ${machine.loadAvgAtStart.join(' ')} ` +
  `| ${lhCell('/')} | ${lhCell('/faq')} | ${lhCell('/sign-up')} | ${axeCell} | ${sizeCell} ` +
  `| **${result.verdict}**${partial ? ` (only ${options.only.join(', ')})` : ''}${options.url ? ' (--url)' : ''}${staleness.length ? ' (stale build)' : ''} | ${relative(rootDir, file)} |`;
appendFileSync(resultsMd, `${row}\n`);
process.exit(0);
