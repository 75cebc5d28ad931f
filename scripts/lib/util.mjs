// Small helpers shared by scripts/start.mjs and scripts/test.mjs.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import net from 'node:net';
import { constants as osConstants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const binDir = join(rootDir, 'node_modules/.bin');

/**
 * The project runs on the Node pinned by the `node` devDependency. `npm run`
 * already puts it first on PATH; when a script is started with another node
 * (e.g. `node scripts/start.mjs` with the system Node 20), run it again with the
 * pinned one and relay its exit. Use as `await ensurePinnedNode()`: on the old
 * Node the promise never settles, so the rest of the script does not run there.
 */
export function ensurePinnedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  const pinned = join(binDir, 'node');
  if (major >= 24 || !existsSync(pinned) || process.env.FANMINT_NODE_REEXEC) return Promise.resolve();
  const child = spawn(realpathSync(pinned), [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, FANMINT_NODE_REEXEC: '1', PATH: pathWithBin(process.env.PATH) },
  });
  // Stay alive until the real run has cleaned up; pass on signals sent to us alone.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (osConstants.signals[signal] ?? 1) : 1)));
  return new Promise(() => {});
}

/** PATH with node_modules/.bin first, so `node` in any child is the pinned one. */
export function pathWithBin(path = process.env.PATH ?? '') {
  return path.split(delimiter)[0] === binDir ? path : [binDir, path].filter(Boolean).join(delimiter);
}

/** Resolves a node_modules/.bin entry to the JS file behind it, to run with process.execPath. */
export function binScript(name) {
  return realpathSync(join(binDir, name));
}

/** Environment for child processes: the given vars over process.env, pinned node first on PATH. */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra, PATH: pathWithBin(process.env.PATH) };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  // Production serves metrics on 9464 by default; several processes on one machine each take a free port instead.
  if (env.NODE_ENV === 'production' && env.METRICS_PORT === undefined) env.METRICS_PORT = '0';
  return env;
}

/** True when nothing listens on host:port and we can bind it. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolvePromise) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolvePromise(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

/** Port is free on IPv4 loopback and on the wildcard address (covers `localhost` listeners). */
export async function isPortAvailable(port) {
  if (!(await isPortFree(port, '127.0.0.1'))) return false;
  if (!(await isPortFree(port, '0.0.0.0'))) return false;
  // IPv6 may be disabled; only a refusal because of use counts.
  return new Promise((resolvePromise) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error) => resolvePromise(error.code !== 'EADDRINUSE'));
    server.listen({ port, host: '::1', exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

/** The first available port at or after `start` (skipping `exclude`). */
export async function findFreePort(start, { exclude = [], attempts = 200 } = {}) {
  for (let port = start; port < start + attempts; port += 1) {
    if (!exclude.includes(port) && (await isPortAvailable(port))) return port;
  }
  throw new Error(`no free port in ${start}..${start + attempts - 1}`);
}

export const sleep = (ms) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

/** Hides the password of a connection URL for display. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
export const style = {
  bold: (text) => (useColor ? `\x1b[1m${text}\x1b[22m` : text),
  dim: (text) => (useColor ? `\x1b[2m${text}\x1b[22m` : text),
  green: (text) => (useColor ? `\x1b[32m${text}\x1b[39m` : text),
  yellow: (text) => (useColor ? `\x1b[33m${text}\x1b[39m` : text),
  red: (text) => (useColor ? `\x1b[31m${text}\x1b[39m` : text),
  cyan: (text) => (useColor ? `\x1b[36m${text}\x1b[39m` : text),
};

/** A logger whose lines start with `[name]`. Status lines go to stdout, beside the children's JSON log lines. */
export function createLogger(name) {
  const prefix = style.cyan(`[${name}]`);
  return {
    info: (message) => process.stdout.write(`${prefix} ${message}\n`),
    warn: (message) => process.stdout.write(`${prefix} ${style.yellow(message)}\n`),
    error: (message) => process.stdout.write(`${prefix} ${style.red(message)}\n`),
  };
}
