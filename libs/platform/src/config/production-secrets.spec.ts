import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';
import { APP_SECRETS, productionSecretProblems, secretProblem } from './production-secrets.js';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fanmint', SMTP_URL: 'smtp://127.0.0.1:1025' };
const secrets = {
  JWT_SECRET: 'pR0d-jwt-4c1d9e7b2f8a6350b9e1d4c7a2f6e8b3',
  DATA_ENCRYPTION_KEY: Buffer.from('0123456789abcdefghijklmnopqrstuv').toString('base64'),
  SANDBOX_ACQUIRER_SECRET_KEY: 'sk_live_9f3b1c7e5a2d8046',
  SANDBOX_ACQUIRER_WEBHOOK_SECRETS: 'whsec_7c2e9a4f1b6d3085,whsec_1a8f5c3e7b9d2460',
  PUBLIC_ANON_KEY: 'anon_5e8c1f9a3b7d2046',
  METRICS_TOKEN: 'metrics_2b7f9c1e5a3d8064',
};
const production = (overrides: Record<string, string | undefined>) => () =>
  loadConfig({ ...base, ...secrets, NODE_ENV: 'production', ...overrides });

describe('production refuses public secrets at start', () => {
  it('starts with every secret set to a value of its own', () => {
    expect(production({})().NODE_ENV).toBe('production');
  });

  it.each([
    ['JWT_SECRET', undefined, 'JWT_SECRET: is required'],
    ['DATA_ENCRYPTION_KEY', undefined, 'DATA_ENCRYPTION_KEY: is required with NODE_ENV=production'],
    ['METRICS_TOKEN', undefined, 'METRICS_TOKEN: is required with NODE_ENV=production'],
    ['PUBLIC_ANON_KEY', undefined, 'PUBLIC_ANON_KEY: is required with NODE_ENV=production'],
    ['SANDBOX_ACQUIRER_SECRET_KEY', undefined, 'SANDBOX_ACQUIRER_SECRET_KEY: is required with NODE_ENV=production'],
    [
      'SANDBOX_ACQUIRER_WEBHOOK_SECRETS',
      'whsec_fanmint_sandbox_local',
      'SANDBOX_ACQUIRER_WEBHOOK_SECRETS: is a built-in default',
    ],
    [
      'SANDBOX_ACQUIRER_WEBHOOK_SECRETS',
      'whsec_7c2e9a4f1b6d3085,whsec_fanmint_sandbox_compose',
      'SANDBOX_ACQUIRER_WEBHOOK_SECRETS: is a built-in default',
    ],
    [
      'SANDBOX_ACQUIRER_SECRET_KEY',
      'sk_test_fanmint_sandbox_compose',
      'SANDBOX_ACQUIRER_SECRET_KEY: is a built-in default',
    ],
    ['PUBLIC_ANON_KEY', 'fanmint-public-anon-key', 'PUBLIC_ANON_KEY: is a built-in default'],
    ['JWT_SECRET', 'CHANGE-ME-CHANGE-ME-CHANGE-ME-CHANGE-ME', 'JWT_SECRET: is a placeholder'],
    ['METRICS_TOKEN', '<your-metrics-token-here>', 'METRICS_TOKEN: is a placeholder'],
    ['JWT_SECRET', 'a'.repeat(48), 'JWT_SECRET: is not random'],
    ['METRICS_TOKEN', 'm3tr1cs-t0k', 'METRICS_TOKEN: must be at least 16 characters'],
    ['PUBLIC_ANON_KEY', 'anon_5e8c1f9a', 'PUBLIC_ANON_KEY: is shorter than 16 characters'],
    ['S3_SECRET_ACCESS_KEY', 'fanmint-secret', 'S3_SECRET_ACCESS_KEY: is a built-in default'],
  ])('refuses %s = %s, naming the setting', (name, value, message) => {
    const start = production({
      [name]: value,
      ...(name === 'S3_SECRET_ACCESS_KEY' ? { S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY' } : {}),
    });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(message);
  });

  it('never prints the value it refuses', () => {
    expect(production({ JWT_SECRET: 'CHANGE-ME-but-long-enough-to-pass-length' })).toThrow(
      /^(?![\s\S]*but-long-enough)/,
    );
  });

  it('lists every bad secret at once', () => {
    const problems = productionSecretProblems({ JWT_SECRET: 'CHANGE-ME' }, APP_SECRETS).map(
      (line) => line.split(':')[0],
    );
    expect(problems).toEqual([
      'JWT_SECRET',
      'DATA_ENCRYPTION_KEY',
      'SANDBOX_ACQUIRER_SECRET_KEY',
      'SANDBOX_ACQUIRER_WEBHOOK_SECRETS',
      'PUBLIC_ANON_KEY',
      'METRICS_TOKEN',
    ]);
  });

  it('keeps development and test runs on the defaults', () => {
    expect(loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32) }).SANDBOX_ACQUIRER_WEBHOOK_SECRETS).toEqual([
      'whsec_fanmint_sandbox_local',
    ]);
    expect(loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'test' }).PUBLIC_ANON_KEY).toEqual([
      'fanmint-public-anon-key',
    ]);
  });

  it('accepts what openssl rand prints', () => {
    expect(secretProblem('q9J0pWc1yZ3kX8f2B7vN4mR6tL5hD1sA0eG9uY2iO3w=', 32)).toBeNull();
  });
});
