// Jest's node environment, plus this worker's own test database: globalSetup (libs/testing/src/
// global-setup.ts) clones one per worker and lists their URLs in TEST_DATABASE_WORKER_URLS. Set on
// the worker's process.env before the test's sandbox copies it, so suites and the child processes
// they start both see it as TEST_DATABASE_URL.
import { setFlagsFromString } from 'node:v8';
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
    collectAllGarbage();
    await super.setup();
  }
}
