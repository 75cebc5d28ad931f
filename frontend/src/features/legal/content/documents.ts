import { POLICY_CONSTANTS, REVENUE_SPLIT } from '../../../content/site-facts';
import { POLICY_VERSIONS } from '../../../lib/site';
import chargebackPolicy from './chargeback-policy.md';
import complaintsPolicy from './complaints-policy.md';
import contentManagementPolicy from './content-management-policy.md';
import privacy from './privacy.md';
import refundPolicy from './refund-policy.md';
import terms from './terms.md';
import userCreatorAgreement from './user-creator-agreement.md';

export type LegalDocumentId =
  | 'terms'
  | 'privacy'
  | 'refund-policy'
  | 'chargeback-policy'
  | 'user-creator-agreement'
  | 'complaints-policy'
  | 'content-management-policy';

/** The footer files the first four under Legal and the rest under Policies (SPEC §2). */
export type LegalDocumentGroup = 'Legal' | 'Policies';

export interface LegalDocument {
  id: LegalDocumentId;
  group: LegalDocumentGroup;
  /** Banner title and page title. */
  title: string;
  subtitle: string;
  /** Month the document took effect, e.g. 'January 2025'. */
  effective: string;
  /** Versioned documents are the ones accepted at sign-up (POLICY_VERSIONS). */
  version?: string;
  description: string;
  keywords: readonly string[];
  /** Three short points shown above the text; built from the shared constants so they cannot drift. */
  highlights: readonly string[];
  /** The document body as HTML (Markdown rendered at build time), with {{placeholders}} still in it. */
  html: string;
}

const { fiat, token, referralCommissionPercent } = REVENUE_SPLIT;
const P = POLICY_CONSTANTS;
const ordinal = (n: number) => {
  const suffix = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${suffix[(v - 20) % 10] ?? suffix[v] ?? suffix[0]}`;
};

// SPEC §2: Terms and Privacy are dated January 2025; the dashboard-area policies March 2025.
const JANUARY_2025 = 'January 2025';
const MARCH_2025 = 'March 2025';

export const LEGAL_DOCUMENTS: Record<LegalDocumentId, LegalDocument> = {
  terms: {
    id: 'terms',
    group: 'Legal',
    title: 'Terms & Conditions',
    subtitle:
      'The agreement between you and {{brand}} for using the platform, buying content, running a store and earning rewards.',
    effective: JANUARY_2025,
    version: POLICY_VERSIONS.terms,
    description:
      'The {{brand}} Terms & Conditions: who can join, creator stores, content rules, payments in fiat and crypto, payouts, referrals, the token and your rights.',
    keywords: [
      'terms and conditions',
      'terms of service',
      'user agreement',
      'creator platform terms',
      'token disclaimer',
    ],
    highlights: [
      `You must be ${P.minimumAge} or older to use {{brand}} in any role.`,
      `Creators keep ${fiat.creator}% of fiat sales and ${token.creator}% of token sales.`,
      'The token is a marketing and engagement tool, not an investment.',
    ],
    html: terms,
  },
  privacy: {
    id: 'privacy',
    group: 'Legal',
    title: 'Privacy Policy',
    subtitle:
      'What personal data we collect, why we use it, how long we keep it and the rights you have under the GDPR.',
    effective: JANUARY_2025,
    version: POLICY_VERSIONS.privacy,
    description:
      'How {{brand}} collects, uses, shares and protects your personal data under the GDPR, which cookies and storage we use, and how to exercise your rights.',
    keywords: [
      'privacy policy',
      'GDPR',
      'data protection',
      'cookies',
      'data subject rights',
      'Data Protection Commission',
    ],
    highlights: [
      'Analytics only runs if you choose Accept All, and it is first-party only.',
      'You can access, correct, export or delete your personal data.',
      'Our supervisory authority is the Data Protection Commission in Ireland.',
    ],
    html: privacy,
  },
  'refund-policy': {
    id: 'refund-policy',
    group: 'Legal',
    title: 'Refund & Return Policy',
    subtitle:
      'When you can get your money back for digital content and subscriptions, and how your right to cancel works.',
    effective: MARCH_2025,
    description: `When {{brand}} refunds digital content and subscriptions, how the 14-day right to cancel works, and how refunds are paid within ${P.refundBusinessDays} business days.`,
    keywords: [
      'refund policy',
      'return policy',
      'digital content refund',
      'subscription cancellation',
      'right of withdrawal',
    ],
    highlights: [
      `Approved refunds are processed in ${P.refundBusinessDays} business days.`,
      `Accessing content within ${P.cancellationWaiverDays} days ends your right to cancel it, except for subscriptions.`,
      'Subscriptions renew automatically until you cancel or turn off auto-renew.',
    ],
    html: refundPolicy,
  },
  'chargeback-policy': {
    id: 'chargeback-policy',
    group: 'Legal',
    title: 'Chargeback & Fraud Mitigation Policy',
    subtitle:
      'What happens when a payment is disputed, how chargebacks affect creator earnings, and how we prevent fraud.',
    effective: MARCH_2025,
    description:
      'How {{brand}} handles chargebacks and disputed payments, how they affect creator balances and payouts, and the checks we use to prevent fraud.',
    keywords: ['chargeback policy', 'fraud prevention', 'payment disputes', 'creator payouts', 'pending balance'],
    highlights: [
      'Please contact us before you ask your bank to reverse a payment.',
      'A chargeback before payout comes out of the Pending Balance; after payout it reduces the next payout.',
      `New and high-risk creators: earnings held ${P.pendingHoldDays} days, regular payouts after ${P.cleanHistoryMonths} months of clean history.`,
    ],
    html: chargebackPolicy,
  },
  'user-creator-agreement': {
    id: 'user-creator-agreement',
    group: 'Policies',
    title: 'User Creator Agreement',
    subtitle:
      'The rules for creators, collaborators, referrers and fans: verification, revenue share, payouts and conduct.',
    effective: MARCH_2025,
    description:
      'The {{brand}} User Creator Agreement: identity verification, collaborator consent, revenue share, referral commission, monthly payouts and rules for fans.',
    keywords: ['creator agreement', 'revenue share', 'creator payouts', 'identity verification', 'referral commission'],
    highlights: [
      `Creators receive ${fiat.creator}% of fiat sales and ${token.creator}% of token sales.`,
      `Referrers earn ${referralCommissionPercent}%, paid from the platform's share, never the creator's.`,
      `Balances are paid on ${P.payoutDay}.`,
    ],
    html: userCreatorAgreement,
  },
  'complaints-policy': {
    id: 'complaints-policy',
    group: 'Policies',
    title: 'Complaints Policy',
    subtitle: 'How to tell us when something goes wrong, how we investigate it and how quickly we put it right.',
    effective: MARCH_2025,
    description:
      'How to make a complaint to {{brand}}, what happens next, how quickly we respond to complaints, content reports and takedowns, and where else you can go.',
    keywords: ['complaints policy', 'make a complaint', 'content report', 'takedown request', 'customer support'],
    highlights: [
      // SPEC §9 gives complaints the same 7 business days as depicted-person appeals.
      `Every complaint is resolved within ${P.appealBusinessDays} business days.`,
      `Content reports are reviewed within ${P.reportReviewHours} hours and takedowns actioned within ${P.takedownHours} hours.`,
      `An incident report for each month is produced by the ${ordinal(P.zeroIncidentReportDay)} of the next.`,
    ],
    html: complaintsPolicy,
  },
  'content-management-policy': {
    id: 'content-management-policy',
    group: 'Policies',
    title: 'Content Management Policy',
    subtitle: 'What may be published, what is never allowed, how uploads are reviewed and how to report content.',
    effective: MARCH_2025,
    description:
      'What content is allowed on {{brand}}, what is prohibited, how every upload is reviewed before it goes live, and how to report content or request a takedown.',
    keywords: [
      'content policy',
      'content moderation',
      'prohibited content',
      'takedown request',
      'collaborator consent',
    ],
    highlights: [
      'Every upload stays Pending Review until a moderator approves it.',
      `Reports are reviewed within ${P.reportReviewHours} hours; takedowns are actioned within ${P.takedownHours} hours.`,
      'Minors, non-consensual acts, violence, hate, bestiality and extreme content are never allowed.',
    ],
    html: contentManagementPolicy,
  },
};

export const LEGAL_DOCUMENT_IDS = Object.keys(LEGAL_DOCUMENTS) as LegalDocumentId[];
