import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './test-platform.js';
import { waitFor } from './wait.js';

/**
 * A Redis of the test's own on a free port (append-only file, so a stop and start keeps its data
 * as a real one would): the fault suites stop it, never the machine's Redis that others share.
 */
export async function startPrivateRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fanmint-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'],
      { stdio: 'ignore' },
    );
    await waitForStart(() => ping(`redis-cli`, ['-p', String(port), 'ping']) === 'PONG', 'private Redis');
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    close: async () => (await stop(), rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * A PostgreSQL server of the test's own (Debian's binaries, initdb in a temp directory, trust auth):
 * the fault suites restart it, never the machine's server.
 */
export async function startPrivatePostgres() {
  const bin = join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fanmint-pg-'));
  const data = join(dir, 'data');
  // initdb refuses root: the server runs as `postgres` then.
  const asRoot = userInfo().uid === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      { stdio: 'pipe' },
    );
  if (asRoot) {
    chmodSync(dir, 0o755);
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const start = async () => {
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  };
  /** `fast`: connections are cut off and in-flight transactions roll back, as in a failover. */
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    close: async () => (await stop().catch(() => undefined), rmSync(dir, { recursive: true, force: true })),
  };
}

function ping(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { stdio: 'pipe' }).toString().trim();
  } catch {
    return '';
  }
}

async function waitForStart(ready: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  await waitFor(ready, { timeoutMs, intervalMs: 50, what: `${what} to start` });
}
