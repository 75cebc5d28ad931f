import { loadConfig } from '#app/platform';
import { createWorker } from './create-worker.js';

await createWorker(loadConfig());
