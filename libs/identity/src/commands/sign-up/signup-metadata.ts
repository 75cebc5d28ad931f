import { CONSENT_KEYS } from '../../domain/user-metadata.js';

/**
 * The consent record of SPEC §3, read from the sign-up `data` with strict types. The server writes
 * these keys; the rest of `data` is the client's free-form metadata (see domain/user-metadata).
 */
export function signupMetadata(data: Record<string, unknown>, now: Date): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of CONSENT_KEYS) if (Object.hasOwn(data, key)) picked[key] = data[key];
  const marketing = picked.marketing_consent === true;
  return {
    marketing_consent: marketing,
    terms_accepted: picked.terms_accepted === true,
    terms_version: typeof picked.terms_version === 'string' ? picked.terms_version.slice(0, 20) : null,
    privacy_version: typeof picked.privacy_version === 'string' ? picked.privacy_version.slice(0, 20) : null,
    marketing_version:
      marketing && typeof picked.marketing_version === 'string' ? picked.marketing_version.slice(0, 20) : null,
    consent_timestamp:
      typeof picked.consent_timestamp === 'string' && !Number.isNaN(Date.parse(picked.consent_timestamp))
        ? picked.consent_timestamp
        : now.toISOString(),
  };
}
