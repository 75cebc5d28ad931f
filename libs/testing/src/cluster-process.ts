import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from './wait.js';

const ROOT = process.cwd();
const LOADER = [join(ROOT, 'scripts/lib/parent-watch.mjs'), join(ROOT, 'scripts/lib/ts-register.mjs')];
export const ENTRY = { api: 'apps/api/src/main.ts', worker: 'apps/worker/src/main.ts' } as const;

/**
 * One real api or worker process on the TypeScript sources (the loader Jest's global hooks use),
 * in its own process group, with its JSON log lines kept for the test to read.
 */
export class ClusterProcess {
  readonly logs: string[] = [];
  /** Where the current run's lines start in `logs`. */
  private firstLogOfRun = 0;
  private child: ChildProcess | null = null;
  private exit: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    readonly kind: keyof typeof ENTRY,
    private readonly env: Record<string, string>,
    /** The api's port (0 for a worker). */
    readonly port = 0,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until it serves /health (api) or logs `worker started`. */
  async start(timeoutMs = 120_000): Promise<this> {
    const child = spawn(process.execPath, [...LOADER.flatMap((file) => ['--import', file]), ENTRY[this.kind]], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...this.env, ...(this.port ? { PORT: String(this.port) } : {}) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.channel?.unref();
    this.child = child;
    this.firstLogOfRun = this.logs.length;
    this.exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let partial = '';
    const keep = (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      this.logs.push(...lines.filter(Boolean));
      if (process.env.CLUSTER_LOG) lines.forEach((line) => line && process.stderr.write(`[${this.name}] ${line}\n`));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    await waitFor(
      async () => {
        if (await this.ready()) return true;
        if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.logs.slice(-20).join('\n')}`);
        return false;
      },
      { timeoutMs, intervalMs: 50, what: `${this.name} to be ready` },
    ).catch((error: Error) => {
      throw error.message.startsWith('Timed out')
        ? new Error(`${this.name} not ready within ${timeoutMs} ms:\n${this.logs.slice(-20).join('\n')}`)
        : error;
    });
    return this;
  }

  private async ready(): Promise<boolean> {
    // This run's own lines: after a restart the earlier run's `worker started` is still in the log.
    if (this.kind === 'worker')
      return this.logs.slice(this.firstLogOfRun).some((line) => line.includes('"worker started"'));
    try {
      return (await fetch(`${this.baseUrl}/health`, { signal: AbortSignal.timeout(2000) })).status < 500;
    } catch {
      return false;
    }
  }

  /** Sends `signal` to the process group and waits until the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.running && this.child?.pid) {
      try {
        process.kill(-this.child.pid, signal);
      } catch {
        this.child.kill(signal);
      }
    }
    return this.exit;
  }

  /** Starts it again after stop(): same settings, same port; the old log lines stay. */
  restart(): Promise<this> {
    this.logs.push(`--- ${this.name} restarted ---`);
    return this.start();
  }

  /** Log lines (parsed JSON) that match `test`. */
  entries(test: (entry: Record<string, unknown>) => boolean): Record<string, unknown>[] {
    return this.logs.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return test(entry) ? [entry] : [];
      } catch {
        return [];
      }
    });
  }
}
