import { describe, expect, it } from '@jest/globals';
import { signupMetadata } from './signup-metadata.js';

const now = new Date('2026-11-21T10:00:00Z');

describe('sign-up metadata (SPEC §3)', () => {
  it('keeps the consent fields and nulls the marketing version without marketing consent', () => {
    expect(
      signupMetadata(
        {
          marketing_consent: false,
          terms_accepted: true,
          terms_version: '1.0.0',
          privacy_version: '1.0.0',
          marketing_version: '1.0.0',
          consent_timestamp: '2026-11-21T09:59:00Z',
        },
        now,
      ),
    ).toEqual({
      marketing_consent: false,
      terms_accepted: true,
      terms_version: '1.0.0',
      privacy_version: '1.0.0',
      marketing_version: null,
      consent_timestamp: '2026-11-21T09:59:00Z',
    });
  });

  it('drops anything else a client sends, such as a role', () => {
    const metadata = signupMetadata(
      { role: 'admin', app_role: 'admin', marketing_consent: true, marketing_version: '1.0.0' },
      now,
    );
    expect(metadata).not.toHaveProperty('role');
    expect(metadata).not.toHaveProperty('app_role');
    expect(metadata.marketing_version).toBe('1.0.0');
  });

  it('stamps the server time when the client timestamp is missing or invalid', () => {
    expect(signupMetadata({}, now).consent_timestamp).toBe(now.toISOString());
    expect(signupMetadata({ consent_timestamp: 'yesterday-ish' }, now).consent_timestamp).toBe(now.toISOString());
  });
});
