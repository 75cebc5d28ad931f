import { describe, expect, it } from '@jest/globals';
import { AcquirerConfigError, loadAcquirerConfig } from './config.js';

describe('acquirer configuration', () => {
  it('has defaults for a local run', () => {
    const config = loadAcquirerConfig({});
    expect(config).toMatchObject({ port: 4010, schema: 'acquirer', sessionTtlSeconds: 1800, webhookRetryBaseMs: 60_000, webhookSecrets: ['whsec_fanmint_sandbox_local'] });
  });

  it('reads rotating webhook secrets from a comma-separated list', () => {
    expect(loadAcquirerConfig({ ACQUIRER_WEBHOOK_SECRETS: 'whsec_aaaaaaaaaaaaaaaa, whsec_bbbbbbbbbbbbbbbb' }).webhookSecrets).toEqual(['whsec_aaaaaaaaaaaaaaaa', 'whsec_bbbbbbbbbbbbbbbb']);
  });

  it('names every bad setting', () => {
    expect(() => loadAcquirerConfig({ ACQUIRER_PORT: 'eighty', ACQUIRER_SCHEMA: 'Bad-Name', ACQUIRER_WEBHOOK_URL: 'ftp://x', ACQUIRER_SECRET_KEY: 'short' })).toThrow(AcquirerConfigError);
    try {
      loadAcquirerConfig({ ACQUIRER_PORT: 'eighty', ACQUIRER_SCHEMA: 'Bad-Name', ACQUIRER_WEBHOOK_URL: 'ftp://x', ACQUIRER_SECRET_KEY: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['ACQUIRER_PORT', 'ACQUIRER_SCHEMA', 'ACQUIRER_WEBHOOK_URL', 'ACQUIRER_SECRET_KEY']) expect(message).toContain(name);
    }
  });
});
