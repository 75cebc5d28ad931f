import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import { RateLimits } from './rate-limits.js';

// A port nothing listens on: Redis is never ready, so every count falls to the in-memory limiters.
const config = loadConfig({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fanmint',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  JWT_SECRET: 'x'.repeat(32),
  REDIS_URL: 'redis://127.0.0.1:9',
  REDIS_PREFIX: 'rate-limits-spec',
});

describe('rate limits while Redis is not ready', () => {
  it('count in memory, and shutting down clears every key (and the timer that expires it)', async () => {
    const limits = new RateLimits(config);
    const hourly = { points: 3, duration: 3600 };
    await limits.consume('sign-in', hourly, 'alice');
    await limits.consume('sign-in', hourly, 'bob');
    await limits.consume('sign-up', { points: 1, duration: 60, blockDuration: 600 }, 'carol');
    await expect(limits.consume('sign-up', { points: 1, duration: 60 }, 'carol')).rejects.toMatchObject({
      status: 429,
    });
    expect(limits.pendingMemoryKeys()).toBe(3);

    await limits.onApplicationShutdown();
    expect(limits.pendingMemoryKeys()).toBe(0);
  });
});
