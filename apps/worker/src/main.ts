import { runMain } from '#app/platform';
import { createWorker } from './create-worker.js';

await runMain('worker', (config) => createWorker(config));
