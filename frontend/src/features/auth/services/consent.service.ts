import { apiRequest } from '../../../lib/api-client';
import { POLICY_VERSIONS } from '../../../lib/site';
import { readJson, session, SessionKey } from '../../../lib/storage';

import type { ConsentType, RecordConsentRequest } from '../../../lib/api/types';

export type { ConsentType };
export type ConsentPayload = RecordConsentRequest;

/** The metadata stored on the account at sign-up (SPEC §3). */
export function signUpMetadata(marketingConsent: boolean) {
  return {
    marketing_consent: marketingConsent,
    terms_accepted: true,
    terms_version: POLICY_VERSIONS.terms,
    privacy_version: POLICY_VERSIONS.privacy,
    marketing_version: marketingConsent ? POLICY_VERSIONS.marketing : null,
    consent_timestamp: new Date().toISOString(),
  };
}

export function buildConsentPayload(marketingConsent: boolean): ConsentPayload {
  const consentTypes: ConsentType[] = ['terms_of_service', 'privacy_policy'];
  const consentVersions: string[] = [POLICY_VERSIONS.terms, POLICY_VERSIONS.privacy];
  if (marketingConsent) {
    consentTypes.push('marketing_emails');
    consentVersions.push(POLICY_VERSIONS.marketing);
  }
  // The server records the address it sees; the client deliberately sends none.
  return { consentData: { consentTypes, consentVersions, ipAddress: '', userAgent: navigator.userAgent } };
}

/** Records consent; failures are only logged (SPEC §7). */
export async function recordConsent(payload: ConsentPayload, accessToken: string): Promise<boolean> {
  try {
    await apiRequest('/functions/v1/record-user-consent', { method: 'POST', json: payload, bearer: accessToken });
    return true;
  } catch (error) {
    console.error('Failed to record consent', error);
    return false;
  }
}

/** With email confirmation on, sign-up returns no session: keep the consent until the first sign-in. */
export function storePendingConsent(payload: ConsentPayload): void {
  session.set(SessionKey.pendingConsent, JSON.stringify(payload));
}

export async function flushPendingConsent(accessToken: string): Promise<void> {
  const payload = readJson<ConsentPayload>(session.get(SessionKey.pendingConsent));
  if (!payload) return;
  if (await recordConsent(payload, accessToken)) session.remove(SessionKey.pendingConsent);
}
