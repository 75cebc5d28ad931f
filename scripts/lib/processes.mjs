// Long-running child processes (api, worker) in their own process groups, so
// only this script signals them: one SIGTERM, a grace period, then SIGKILL.
import { spawn } from 'node:child_process';
import { rootDir } from './util.mjs';

const parentWatch = new URL('./parent-watch.mjs', import.meta.url).href;

/**
 * Spawns `node <script>` detached (own process group), stdout/stderr passed
 * through, with an IPC channel watched by parent-watch.mjs. Returns
 * { name, child, exited } where `exited` resolves to { code, signal } once the
 * process is gone.
 */
export function spawnService(name, args, { env, cwd = rootDir } = {}) {
  // The IPC channel and parent-watch.mjs make the service stop if this process is killed outright.
  const child = spawn(process.execPath, ['--import', parentWatch, ...args], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.channel?.unref();
  const exited = new Promise((resolvePromise) => {
    child.once('error', (error) => resolvePromise({ code: 127, signal: null, error }));
    child.once('exit', (code, signal) => resolvePromise({ code, signal }));
  });
  return { name, child, exited };
}

/** Sends `signal` to the whole process group of `child` (falls back to the process). */
export function signalGroup(child, signal) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    try {
      return child.kill(signal);
    } catch {
      return false;
    }
  }
}

/**
 * Stops services: SIGTERM to each group, waits up to `graceMs`, then SIGKILL
 * to whatever is left. Resolves when all have exited.
 */
export async function stopServices(services, { graceMs = 10_000, log } = {}) {
  const running = services.filter((s) => s && s.child.exitCode === null && s.child.signalCode === null);
  for (const service of running) signalGroup(service.child, 'SIGTERM');
  await Promise.all(
    running.map(async (service) => {
      let timer;
      const timedOut = await Promise.race([
        service.exited.then(() => false),
        new Promise((resolvePromise) => (timer = setTimeout(() => resolvePromise(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        log?.(`${service.name} did not stop within ${graceMs / 1000} s: killing it`);
        signalGroup(service.child, 'SIGKILL');
        await service.exited;
      }
      // Anything the service left in its group (it should leave nothing).
      try {
        process.kill(-service.child.pid, 'SIGKILL');
      } catch {
        /* group is empty */
      }
    }),
  );
}
