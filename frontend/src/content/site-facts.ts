/** Figures the public pages share (SPEC §1, §9). One place, so home, roadmap and FAQ never disagree. */

export interface Target {
  number: string;
  title: string;
  description: string;
}

/** The three targets for Q4 2027. */
export const TARGETS: Target[] = [
  { number: '100M', title: 'Users', description: 'Fans and creators on the platform by Q4 2027.' },
  { number: '1M', title: 'Creators', description: 'Creators running their own branded stores by Q4 2027.' },
  { number: '$2B', title: 'Yearly revenue', description: 'Yearly revenue flowing through creator stores by Q4 2027.' },
];

export const LAUNCH_QUARTER = 'Q2 2025';
export const TARGETS_QUARTER = 'Q4 2027';
export const TOKEN_IDO_QUARTER = 'Q1 2025';

export const REVENUE_SPLIT = {
  fiat: { creator: 75, platform: 25 },
  token: { creator: 90, platform: 10 },
  referralCommissionPercent: 5,
} as const;

export const POLICY_CONSTANTS = {
  minimumAge: 18,
  pendingHoldDays: 21,
  cleanHistoryMonths: 4,
  payoutDay: 'the last calendar day of each month',
  refundBusinessDays: '5-10',
  reportReviewHours: 48,
  takedownHours: 24,
  appealBusinessDays: 7,
  complaintBusinessDays: 7,
  zeroIncidentReportDay: 5,
  cancellationWaiverDays: 14,
} as const;
