// Jest's node environment, plus this worker's own test database: globalSetup (libs/testing/src/
// global-setup.ts) clones one per worker and lists their URLs in TEST_DATABASE_WORKER_URLS. Set on
// the worker's process.env before the test's sandbox copies it, so suites and the child processes
// they start both see it as TEST_DATABASE_URL.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TestEnvironment } from 'jest-environment-node';

/**
 * V8's collection that frees all it can (a heap snapshot or the near-heap-limit one does the same).
 * A finished suite's module graph (its vm context, thousands of ES modules, each app it booted) is
 * garbage once the suite ends, but the ordinary major collections, jest's `gc()` included, leave
 * most of it until the heap nears its limit: with a large limit a worker grew by ~65 MB a suite.
 * V8's gc() (what `--expose-gc` exposes) runs it as its "last-resort" flavor; taken here from a
 * throwaway context, so no command line needs the flag.
 */
const collectAllGarbage = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  // Only this context got it: the suites' contexts, made later, do not see a `gc` global.
  setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
})();

/**
 * Collected only once the heap holds this much: a collection costs up to a second on a busy machine, a
 * finished suite leaves ~65 MB, and most suites are millisecond specs, so collecting before each one cost
 * more than the suites; past this the heap is back near one suite's (~250 MB), far below the worker's
 * recycling limit (workerIdleMemoryLimit, jest.config.js).
 */
const COLLECT_ABOVE_BYTES = 640 * 1024 * 1024;

export default class FanmintTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    const urls = (process.env.TEST_DATABASE_WORKER_URLS ?? '').split(' ').filter(Boolean);
    if (urls.length > 0) {
      const worker = Number(process.env.JEST_WORKER_ID ?? '1');
      const url = urls[worker - 1];
      if (!url) throw new Error(`Jest worker ${worker} has no test database: globalSetup made ${urls.length}`);
      process.env.TEST_DATABASE_URL = url;
    }
    super(config, context);
  }

  async setup() {
    // Jest has let go of the previous suite in this worker by now (it still holds it in teardown).
    if (getHeapStatistics().used_heap_size > COLLECT_ABOVE_BYTES) collectAllGarbage();
    await super.setup();
  }
}
