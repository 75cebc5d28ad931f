import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fanmint',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  JWT_SECRET: 'x'.repeat(32),
};

describe('configuration is validated at start', () => {
  it('fills defaults and derives the public URL from the port', () => {
    const config = loadConfig({ ...valid, PORT: '4000' });
    expect(config).toMatchObject({ PORT: 4000, PUBLIC_URL: 'http://localhost:4000', LAUNCH_PHASE: 'prelaunch', BCRYPT_COST: 12, TRUST_PROXY: false, QUEUE_SCHEMA: 'bullmq' });
  });

  it('serves metrics on 9464 in production and not at all elsewhere, unless METRICS_PORT says so', () => {
    expect(loadConfig({ ...valid, NODE_ENV: 'production' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0' });
    expect(loadConfig(valid)).toMatchObject({ METRICS_PORT: null, METRICS_HOST: '127.0.0.1' });
    expect(loadConfig({ ...valid, METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ ...valid, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ ...valid, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('names every missing setting', () => {
    expect(() => loadConfig({})).toThrow('DATABASE_URL: is required\n  SMTP_URL: is required\n  JWT_SECRET: is required');
  });

  it.each([
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must start with postgres:\/\//],
    ['REDIS_URL', 'http://x', /REDIS_URL: must start with redis:\/\//],
    ['PORT', 'eighty', /PORT/],
    ['JWT_SECRET', 'short', /JWT_SECRET: must be at least 32 characters/],
    ['LAUNCH_PHASE', 'beta', /LAUNCH_PHASE/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL/],
    ['QUEUE_SCHEMA', 'Jobs; drop table users', /QUEUE_SCHEMA: must be a lower-case PostgreSQL identifier/],
  ])('refuses a malformed %s', (key, value, message) => {
    expect(() => loadConfig({ ...valid, [key]: value })).toThrow(message);
  });

  it('allows AUTH_AUTOCONFIRM for test runs only', () => {
    expect(loadConfig(valid).AUTH_AUTOCONFIRM).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', AUTH_AUTOCONFIRM: 'true' }).AUTH_AUTOCONFIRM).toBe(true);
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', AUTH_AUTOCONFIRM: 'true' })).toThrow(/AUTH_AUTOCONFIRM: is for test runs only/);
  });
});
