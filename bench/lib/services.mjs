// Child processes and cleanup for the benchmarks that start the built api, worker and acquirer.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { childEnv, rootDir } from '../../scripts/lib/util.mjs';

/** Cleanup steps run in reverse order once, on the normal end, on a failure and on Ctrl-C. */
export function cleanupRegistry(log) {
  const steps = [];
  let cleaning = null;
  const run = () =>
    (cleaning ??= (async () => {
      for (const step of steps.reverse()) await step().catch((error) => log(`cleanup step failed: ${error.message}`));
    })());
  const abort = async (code, message) => {
    console.error(message);
    await run();
    process.exit(code);
  };
  process.once('SIGINT', () => void abort(130, 'interrupted: cleaning up'));
  process.once('SIGTERM', () => void abort(143, 'terminated: cleaning up'));
  return { add: (step) => steps.push(step), run, abort };
}

/** Stops a child with SIGTERM (SIGKILL after 10 s) unless it has already exited. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await Promise.all([once(child, 'exit'), child.kill('SIGTERM')]).finally(() => clearTimeout(timer));
}

/**
 * Starts a built service (`dist/apps/<name>/src/main.js`) through a one-line launcher in `tmp`, so its
 * command line is not the main.js one (other sessions on a shared box stop "their" api by that name).
 * A child that dies mid-run aborts the bench with its last output.
 */
export function startService(cleanup, { name, tag, tmp, env, nodeFlags = [] }) {
  const launcher = join(tmp, `${tag}-${name}.mjs`);
  const main = join(rootDir, 'dist/apps', name, 'src/main.js');
  writeFileSync(launcher, `await import(${JSON.stringify(pathToFileURL(main).href)});\n`);
  const child = spawn(process.execPath, [...nodeFlags, launcher], {
    cwd: rootDir,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => void (output.push(chunk.toString()), output.length > 100 && output.shift());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const lastOutput = () => output.join('').slice(-4000);
  let stopping = false;
  child.on(
    'exit',
    (code, signal) => !stopping && void cleanup.abort(1, `the ${name} exited (${signal ?? code}):\n${lastOutput()}`),
  );
  cleanup.add(() => ((stopping = true), stopChild(child)));
  return { child, lastOutput };
}
