import { describe, expect, it } from '@jest/globals';
import { AcquirerConfigError, loadAcquirerConfig } from './config.js';

describe('acquirer configuration', () => {
  it('has defaults for a local run', () => {
    const config = loadAcquirerConfig({});
    expect(config).toMatchObject({
      port: 4010,
      schema: 'acquirer',
      sessionTtlSeconds: 1800,
      webhookRetryBaseMs: 60_000,
      webhookSecrets: ['whsec_fanmint_sandbox_local'],
    });
  });

  it('reads rotating webhook secrets from a comma-separated list', () => {
    expect(
      loadAcquirerConfig({ ACQUIRER_WEBHOOK_SECRETS: 'whsec_aaaaaaaaaaaaaaaa, whsec_bbbbbbbbbbbbbbbb' }).webhookSecrets,
    ).toEqual(['whsec_aaaaaaaaaaaaaaaa', 'whsec_bbbbbbbbbbbbbbbb']);
  });

  it('names every bad setting', () => {
    expect(() =>
      loadAcquirerConfig({
        ACQUIRER_PORT: 'eighty',
        ACQUIRER_SCHEMA: 'Bad-Name',
        ACQUIRER_WEBHOOK_URL: 'ftp://x',
        ACQUIRER_SECRET_KEY: 'short',
      }),
    ).toThrow(AcquirerConfigError);
    try {
      loadAcquirerConfig({
        ACQUIRER_PORT: 'eighty',
        ACQUIRER_SCHEMA: 'Bad-Name',
        ACQUIRER_WEBHOOK_URL: 'ftp://x',
        ACQUIRER_SECRET_KEY: 'short',
      });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['ACQUIRER_PORT', 'ACQUIRER_SCHEMA', 'ACQUIRER_WEBHOOK_URL', 'ACQUIRER_SECRET_KEY'])
        expect(message).toContain(name);
    }
  });
});

describe('acquirer configuration in production', () => {
  const keys = { ACQUIRER_SECRET_KEY: 'sk_live_9f3b1c7e5a2d8046', ACQUIRER_WEBHOOK_SECRETS: 'whsec_7c2e9a4f1b6d3085' };

  it('starts with secrets of its own', () => {
    expect(loadAcquirerConfig({ NODE_ENV: 'production', ...keys }).secretKey).toBe(keys.ACQUIRER_SECRET_KEY);
  });

  it.each([
    [{}, 'ACQUIRER_SECRET_KEY: is required'],
    [{ ACQUIRER_WEBHOOK_SECRETS: 'whsec_fanmint_sandbox_local' }, 'ACQUIRER_WEBHOOK_SECRETS: is a built-in default'],
    [{ ACQUIRER_SECRET_KEY: 'sk_test_fanmint_sandbox_compose' }, 'ACQUIRER_SECRET_KEY: is a built-in default'],
    [
      { ACQUIRER_WEBHOOK_SECRETS: 'whsec_7c2e9a4f1b6d3085,CHANGE-ME-CHANGE-ME' },
      'ACQUIRER_WEBHOOK_SECRETS: is a placeholder',
    ],
  ])('refuses %j, naming the setting', (overrides, message) => {
    const env = { NODE_ENV: 'production', ...keys, ...overrides };
    if (Object.keys(overrides).length === 0) delete (env as Record<string, string | undefined>).ACQUIRER_SECRET_KEY;
    expect(() => loadAcquirerConfig(env)).toThrow(message);
  });
});
