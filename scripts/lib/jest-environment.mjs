// Jest's node environment, plus this worker's own test database: globalSetup (libs/testing/src/
// global-setup.ts) clones one per worker and lists their URLs in TEST_DATABASE_WORKER_URLS. Set on
// the worker's process.env before the test's sandbox copies it, so suites and the child processes
// they start both see it as TEST_DATABASE_URL.
import { TestEnvironment } from 'jest-environment-node';

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
}
