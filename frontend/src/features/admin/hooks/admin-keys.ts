import type { CaseKind, CaseStatus, ContentReviewStatus, VerificationStatus } from '../services/admin.types';

/** Every console query lives under 'admin', so signing out drops them all at once. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  verifications: ['admin', 'verifications'] as const,
  verificationList: (status: VerificationStatus) => ['admin', 'verifications', 'list', status] as const,
  verification: (id: string) => ['admin', 'verifications', 'detail', id] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  sitePassword: ['admin', 'site-password'] as const,
  auditLog: (action: string) => ['admin', 'audit-log', action] as const,
  content: ['admin', 'content'] as const,
  contentList: (status: ContentReviewStatus) => ['admin', 'content', 'list', status] as const,
  contentItem: (id: string) => ['admin', 'content', 'detail', id] as const,
  cases: ['admin', 'cases'] as const,
  caseList: (kind: CaseKind | null, status: CaseStatus) => ['admin', 'cases', 'list', kind ?? 'all', status] as const,
  caseItem: (id: string) => ['admin', 'cases', 'detail', id] as const,
  complianceReports: ['admin', 'compliance-reports'] as const,
};
