import { describe, expect, it } from 'vitest';
import { POLICY_CONSTANTS as P, REVENUE_SPLIT as R } from '../../content/site-facts';
import { BRAND, fillBrand, POLICY_VERSIONS, SUPPORT_EMAIL } from '../../lib/site';
import { SessionKey, StorageKey } from '../../lib/storage';
import chargebackPolicy from './content/chargeback-policy.md';
import complaintsPolicy from './content/complaints-policy.md';
import contentManagementPolicy from './content/content-management-policy.md';
import { LEGAL_DOCUMENT_IDS, LEGAL_DOCUMENTS, type LegalDocumentId } from './content/documents';
import privacy from './content/privacy.md';
import refundPolicy from './content/refund-policy.md';
import terms from './content/terms.md';
import userCreatorAgreement from './content/user-creator-agreement.md';
import { headingText } from './lib/heading-anchors';

const HTML: Record<LegalDocumentId, string> = {
  terms,
  privacy,
  'refund-policy': refundPolicy,
  'chargeback-policy': chargebackPolicy,
  'user-creator-agreement': userCreatorAgreement,
  'complaints-policy': complaintsPolicy,
  'content-management-policy': contentManagementPolicy,
};

/** The document as a reader sees it: brand filled in, tags dropped, entities decoded, one line. */
const textOf = (id: LegalDocumentId) => headingText(fillBrand(HTML[id])).replace(/\s+/g, ' ');
const headingsOf = (html: string) =>
  [...html.matchAll(/<h([1-6])>([\s\S]*?)<\/h\1>/g)].map((m) => ({ level: Number(m[1]), text: headingText(m[2]) }));

const { fiat, token } = R;
const revenueSplit = [`${fiat.creator}%`, `${fiat.platform}%`, `${token.creator}%`, `${token.platform}%`];
// 5% must not be matched inside 75% or 25%.
const referral = new RegExp(`(?<![\\d.])${R.referralCommissionPercent}%`);
const payoutHold = [`${P.pendingHoldDays} days`, `${P.cleanHistoryMonths} months`, P.payoutDay];
const verificationData = ['government-issued ID', 'selfie', 'full legal name', 'date of birth', 'country of residence'];
const prohibited = ['minors', 'non-consensual', 'violence', 'hate', 'bestiality', 'extreme content'];

/** Where SPEC §2, §4, §5 and §9 put each policy fact. */
const REQUIRED: Record<LegalDocumentId, (string | RegExp)[]> = {
  terms: [
    `version ${POLICY_VERSIONS.terms}`,
    'January 2025',
    `${P.minimumAge} or older`,
    ...revenueSplit,
    referral,
    ...payoutHold,
    `${P.cancellationWaiverDays} days`,
    `${P.refundBusinessDays} business days`,
    `${P.reportReviewHours} hours`,
    `${P.takedownHours} hours`,
    'not an investment',
    'may have no value',
    'subject to change',
    'Pending Review',
    ...verificationData,
  ],
  privacy: [
    `version ${POLICY_VERSIONS.privacy}`,
    'January 2025',
    `${P.minimumAge} or older`,
    'Data Protection Officer',
    'Data Protection Commission',
    SUPPORT_EMAIL,
    'Accept All',
    'Essential Only',
    'first-party only',
    'third-party trackers',
    ...Object.values(StorageKey),
    SessionKey.pendingConsent,
    ...verificationData,
  ],
  'refund-policy': [
    'March 2025',
    `${P.refundBusinessDays} business days`,
    `${P.cancellationWaiverDays} days`,
    'does not apply to subscriptions',
    'renew automatically',
    'turn off auto-renew',
    'delete your account',
  ],
  'chargeback-policy': [
    'March 2025',
    ...payoutHold,
    'subtracted from the Pending Balance',
    "reduces the creator's next payout",
    'negative balance carries forward',
    'fraud signals',
  ],
  'user-creator-agreement': [
    'March 2025',
    `${P.minimumAge} or older`,
    ...revenueSplit,
    referral,
    "paid out of {brand}'s share, not the creator's share",
    ...payoutHold,
    'local currency or in crypto',
    'export your full payment history',
    ...verificationData,
    'collaborator list',
    'release form',
    'Pending Review',
  ],
  'complaints-policy': [
    'March 2025',
    `resolve every complaint within ${P.appealBusinessDays} business days`,
    `${P.reportReviewHours} hours`,
    `${P.takedownHours} hours`,
    `${P.zeroIncidentReportDay}th of each month`,
    'zero-incident report',
  ],
  'content-management-policy': [
    'March 2025',
    `${P.minimumAge} or older`,
    `within ${P.reportReviewHours} hours`,
    `within ${P.takedownHours} hours`,
    `within ${P.appealBusinessDays} business days`,
    `${P.zeroIncidentReportDay}th of each month`,
    'zero-incident report',
    'quarterly internal audits',
    'Pending Review',
    'Approved',
    'rejected',
    'without notice',
    ...prohibited,
  ],
};

describe('legal documents', () => {
  it('has a title, subtitle, effective date and page meta for every document', () => {
    expect(LEGAL_DOCUMENT_IDS.map((id) => LEGAL_DOCUMENTS[id].title)).toEqual([
      'Terms & Conditions',
      'Privacy Policy',
      'Refund & Return Policy',
      'Chargeback & Fraud Mitigation Policy',
      'User Creator Agreement',
      'Complaints Policy',
      'Content Management Policy',
    ]);
    for (const id of LEGAL_DOCUMENT_IDS) {
      const doc = LEGAL_DOCUMENTS[id];
      expect(doc.id).toBe(id);
      expect(doc.subtitle.length, id).toBeGreaterThan(40);
      const description = fillBrand(doc.description);
      expect(description.length, `${id}: ${description}`).toBeGreaterThanOrEqual(120);
      expect(description.length, `${id}: ${description}`).toBeLessThanOrEqual(160);
      expect(doc.keywords.length, id).toBeGreaterThanOrEqual(3);
      expect(doc.highlights.length, id).toBeGreaterThanOrEqual(3);
    }
  });

  it('dates Terms and Privacy January 2025 (version 1.0.0) and the other policies March 2025', () => {
    expect(LEGAL_DOCUMENTS.terms).toMatchObject({ effective: 'January 2025', version: POLICY_VERSIONS.terms });
    expect(LEGAL_DOCUMENTS.privacy).toMatchObject({ effective: 'January 2025', version: POLICY_VERSIONS.privacy });
    for (const id of LEGAL_DOCUMENT_IDS.filter((id) => id !== 'terms' && id !== 'privacy')) {
      expect(LEGAL_DOCUMENTS[id].effective, id).toBe('March 2025');
    }
  });

  it('uses the Markdown files as the document bodies', () => {
    for (const id of LEGAL_DOCUMENT_IDS) expect(LEGAL_DOCUMENTS[id].html, id).toBe(HTML[id]);
  });

  it('numbers the Terms in exactly 20 sections, 1 to 20 in order', () => {
    const numbers = headingsOf(terms)
      .filter((h) => h.level === 2)
      .map((h) => Number(/^(\d+)\. \S/.exec(h.text)?.[1]));
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it.each(LEGAL_DOCUMENT_IDS)('%s starts its headings at h2 and never skips a level', (id) => {
    const levels = headingsOf(HTML[id]).map((h) => h.level);
    expect(levels[0]).toBe(2);
    expect(levels.every((level, i) => level >= 2 && level <= 3 && (i === 0 || level <= levels[i - 1] + 1))).toBe(true);
  });

  it.each(LEGAL_DOCUMENT_IDS)('%s states the policy facts that belong in it', (id) => {
    const text = textOf(id).toLowerCase();
    for (const fact of REQUIRED[id]) {
      if (fact instanceof RegExp) expect(text, `${id} ${fact}`).toMatch(fact);
      else expect(text, id).toContain(fact.replace('{brand}', BRAND).toLowerCase());
    }
  });

  it.each(LEGAL_DOCUMENT_IDS)('%s names the operator as an Irish company', (id) => {
    expect(textOf(id)).toContain(`${BRAND} Ltd., a company registered in Ireland`);
  });

  it.each(LEGAL_DOCUMENT_IDS)('%s leaves no placeholder unfilled', (id) => {
    const doc = LEGAL_DOCUMENTS[id];
    for (const text of [doc.html, doc.subtitle, doc.description, ...doc.highlights]) {
      expect(fillBrand(text)).not.toMatch(/\{\{|\}\}|%7B%7B/);
    }
  });

  it.each(LEGAL_DOCUMENT_IDS)('%s links only to other legal pages, email and https', (id) => {
    const hrefs = [...HTML[id].matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    for (const href of hrefs) {
      if (href.startsWith('/'))
        expect(
          LEGAL_DOCUMENT_IDS.map((other) => `/${other}`),
          href,
        ).toContain(href);
      else expect(href, href).toMatch(/^(mailto:\{\{supportEmail\}\}|https:\/\/)/);
    }
  });
});
