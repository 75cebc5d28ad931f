// Load generation shared by the HTTP benchmarks: closed or open loop over a keep-alive pool, percentiles.
import { Pool } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * Closed loop (`rate` null): `inFlight` callers, each taking the next index until `count`. Open loop
 * (`rate` per second): request i starts at i / rate s, its latency counted from then (no coordinated omission).
 * `fn(i)` resolves { status, body }; any status but `okStatus` is an error.
 */
export async function load(fn, count, inFlight, rate = null, okStatus = 201) {
  const latencies = [];
  /** [start offset ms, latency ms] per request, for the stall windows. */
  const timeline = [];
  // The generator's own event-loop delay: a stall here is paid by the requests it delays, too.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const statuses = {};
  const samples = [];
  const started = performance.now();
  const timed = async (i, t0) => {
    const { status, body } = await fn(i).catch((error) => ({
      status: `error ${error.code ?? error.message}`,
      body: '',
    }));
    latencies.push(performance.now() - t0);
    timeline.push([t0 - started, performance.now() - t0]);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status !== okStatus && samples.length < 3) samples.push(`${status} ${body.slice(0, 300)}`);
  };
  let next = 0;
  const worker = async () => {
    while (next < count) await timed(next++, performance.now());
  };
  const paced = async () => {
    const pending = [];
    for (let i = 0; i < count; i++) {
      const due = started + (i * 1000) / rate;
      if (due - performance.now() > 1) await sleep(due - performance.now());
      pending.push(timed(i, due));
    }
    await Promise.all(pending);
  };
  await (rate ? paced() : Promise.all(Array.from({ length: inFlight }, worker)));
  const wallS = (performance.now() - started) / 1000;
  loopDelay.disable();
  latencies.sort((a, b) => a - b);
  const ms = (p) => round(percentile(latencies, p));
  const latencyMs = { p50: ms(50), p95: ms(95), p99: ms(99), max: round(latencies.at(-1)) };
  const generatorLoopDelayMs = { p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) };
  return {
    count,
    concurrency: inFlight,
    rate,
    statuses,
    errors: count - (statuses[okStatus] ?? 0),
    errorSamples: samples,
    wallS: round(wallS, 2),
    perSecond: round(count / wallS, 1),
    latencyMs,
    generatorLoopDelayMs,
    stalls: stallWindows(timeline),
    ...(process.env.BENCH_TIMELINE
      ? { timeline: timeline.map(([at, latency]) => [round(at, 1), round(latency, 1)]) }
      : {}),
  };
}

/**
 * The 100 ms windows (by scheduled start) holding requests slower than `slowMs`: when the slow ones
 * happened, how many, and the worst, so a run's tail can be lined up with what else ran then.
 */
export function stallWindows(timeline, slowMs = 50, windowMs = 100) {
  const windows = new Map();
  for (const [at, latency] of timeline) {
    if (latency < slowMs) continue;
    const key = Math.floor(at / windowMs) * windowMs;
    const window = windows.get(key) ?? { atMs: key, slow: 0, worstMs: 0 };
    window.slow++;
    window.worstMs = Math.max(window.worstMs, round(latency));
    windows.set(key, window);
  }
  return [...windows.values()].sort((a, b) => a.atMs - b.atMs);
}

/**
 * A keep-alive connection pool for the load (undici: a fraction of node:http's CPU per request, which
 * matters when the load generator shares the machine with what it measures).
 */
export function connectionPool(origin, connections) {
  return new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
}

/** A JSON POST over `pool` (connectionPool); resolves the status and the body text. */
export async function post(pool, path, headers, body) {
  const response = await pool.request({
    method: 'POST',
    path,
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  return { status: response.statusCode, body: await response.body.text() };
}

/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitForHealth(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('the api exited before answering /health');
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${url}`);
}
