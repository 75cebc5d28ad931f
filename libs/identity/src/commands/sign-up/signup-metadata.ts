const ALLOWED = ['marketing_consent', 'terms_accepted', 'terms_version', 'privacy_version', 'marketing_version', 'consent_timestamp'] as const;

/**
 * Keeps the sign-up metadata fields of SPEC §3 and drops anything else, so a client cannot
 * write arbitrary data (or roles) into its own profile.
 */
export function signupMetadata(data: Record<string, unknown>, now: Date): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of ALLOWED) if (key in data) picked[key] = data[key];
  const marketing = picked.marketing_consent === true;
  return {
    marketing_consent: marketing,
    terms_accepted: picked.terms_accepted === true,
    terms_version: typeof picked.terms_version === 'string' ? picked.terms_version.slice(0, 20) : null,
    privacy_version: typeof picked.privacy_version === 'string' ? picked.privacy_version.slice(0, 20) : null,
    marketing_version: marketing && typeof picked.marketing_version === 'string' ? picked.marketing_version.slice(0, 20) : null,
    consent_timestamp: typeof picked.consent_timestamp === 'string' && !Number.isNaN(Date.parse(picked.consent_timestamp)) ? picked.consent_timestamp : now.toISOString(),
  };
}
