/** Options for {@link waitFor}. */
export interface WaitForOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Time between two checks (default 25 ms). */
  intervalMs?: number;
  /** What is awaited, for the timeout error. */
  what?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks `check` until it answers something truthy and returns that answer; fails once the deadline passed.
 * The one place tests wait between checks: a test waits on its condition, never a fixed time.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25, what = 'a condition' }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await pause(intervalMs);
  }
}

/**
 * Waits until a session of this database is blocked on a lock (a row, an advisory lock): the way to know that a
 * request started against a lock the test holds has got as far as the lock, without guessing a time.
 */
export async function waitForLockWaiter(
  execute: (sql: string) => Promise<unknown[]>,
  timeoutMs = 10_000,
): Promise<void> {
  const sql = `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
  await waitFor(async () => (await execute(sql)).length > 0, { timeoutMs, what: 'a session blocked on a lock' });
}
