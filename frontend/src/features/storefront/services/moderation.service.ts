import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';

export type ReportRequest = ApiSchemas['ReportDto'];
export type TakedownRequest = ApiSchemas['TakedownDto'];
export type AppealRequest = ApiSchemas['AppealDto'];
export type CaseReceipt = ApiSchemas['CaseReceiptDto'];
export type ReportReason = ReportRequest['reason'];
export type TakedownReason = TakedownRequest['reason'];
export type CaseSubject = Pick<ReportRequest, 'subjectType' | 'subjectId'>;

/** The report reasons of the API in the order and words a visitor chooses from. */
export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'minor', label: 'Involves someone under 18' },
  { value: 'non_consensual', label: 'Shared without consent (non-consensual)' },
  { value: 'violence', label: 'Violence or threats' },
  { value: 'hate', label: 'Hate speech or harassment' },
  { value: 'bestiality', label: 'Sexual content involving animals' },
  { value: 'extreme', label: 'Extreme or illegal content' },
  { value: 'copyright', label: 'Copyright infringement' },
  { value: 'impersonation', label: 'Impersonation or fake account' },
  { value: 'spam', label: 'Spam or scam' },
  { value: 'other', label: 'Something else' },
];

export const TAKEDOWN_REASONS: readonly { value: TakedownReason; label: string }[] = [
  { value: 'depicted_without_consent', label: 'I am shown without my consent' },
  { value: 'copyright', label: 'I own the copyright to this content' },
  { value: 'personal_information', label: 'It shares my personal information' },
  { value: 'other', label: 'Another legal reason' },
];

export const DETAILS_MIN = 10;
export const DETAILS_MAX = 4000;

/** POST /api/moderation/reports (anyone; the bearer, when present, identifies the reporter). Reviewed within 48 hours. */
export const submitReport = (report: ReportRequest) =>
  apiRequest<CaseReceipt>('/api/moderation/reports', { method: 'POST', json: report });

/** POST /api/moderation/takedown-requests (email required). Acted on within 24 hours. */
export const submitTakedown = (request: TakedownRequest) =>
  apiRequest<CaseReceipt>('/api/moderation/takedown-requests', { method: 'POST', json: request });

/** POST /api/moderation/appeals (email required; the bearer, when present, identifies the sender). Resolved within 7 business days. */
export const submitAppeal = (appeal: AppealRequest) =>
  apiRequest<CaseReceipt>('/api/moderation/appeals', { method: 'POST', json: appeal });
