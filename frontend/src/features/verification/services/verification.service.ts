import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';
import { POLICY_CONSTANTS } from '../../../content/site-facts';

export type VerificationStatus = ApiSchemas['VerificationStatusDto'];

/** The views of SPEC §4; the status is compared case-insensitively, anything unknown is 'unexpected'. */
export type VerificationView = 'none' | 'processing' | 'accepted' | 'rejected' | 'unexpected';

export function verificationView(status: string | null | undefined): VerificationView {
  if (status === null || status === undefined) return 'none';
  const normalised = status.trim().toLowerCase();
  if (normalised === 'processing' || normalised === 'accepted' || normalised === 'rejected') return normalised;
  return 'unexpected';
}

export interface VerificationSubmission {
  fullName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  userPhotoWithId: File;
  idPhoto: File;
}

export type SubmissionReceipt = ApiSchemas['SubmissionReceiptDto'];

export const getVerificationStatus = () => apiRequest<VerificationStatus>('/api/verify-user/status');

/** A country of residence as the verification API takes it: ISO 3166-1 alpha-2 code and English name. */
export type Country = ApiSchemas['CountryDto'];

export const getCountries = async (): Promise<Country[]> =>
  (await apiRequest<ApiSchemas['CountriesDto']>('/api/verify-user/countries')).countries;

/** Multipart POST: the browser sets the content type with its boundary, so none is set here. */
export function submitVerification(submission: VerificationSubmission): Promise<SubmissionReceipt> {
  const body = new FormData();
  body.append('fullName', submission.fullName);
  body.append('dateOfBirth', submission.dateOfBirth);
  body.append('country', submission.country);
  body.append('userPhotoWithId', submission.userPhotoWithId);
  body.append('idPhoto', submission.idPhoto);
  return apiRequest<SubmissionReceipt>('/api/verify-user', { method: 'POST', body });
}

/** The server's message for a refused submission (4xx), if it sent one. */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body?.message) {
    return error.body.message;
  }
  return null;
}

export const MINIMUM_AGE = POLICY_CONSTANTS.minimumAge;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The latest date of birth that is old enough today, as YYYY-MM-DD (for the date picker's max). */
export function latestAdultBirthDate(today = new Date()): string {
  return isoDate(new Date(today.getFullYear() - MINIMUM_AGE, today.getMonth(), today.getDate()));
}

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) has turned 18 by `today` (calendar days, local time). */
export function isAdult(dateOfBirth: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const eighteenth = new Date(year + MINIMUM_AGE, month - 1, day);
  const todayStart = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return eighteenth.getTime() <= todayStart.getTime();
}

/** An instant shown as a date in the user's locale. */
export function formatLocalDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString();
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * What the server accepts (it checks the bytes, not this). HEIC is left out on purpose: iPhones
 * then hand the page a JPEG copy of the photo.
 */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
const IMAGE_TYPES = new Set(ACCEPTED_IMAGE_TYPES.split(','));

/** Why a chosen file cannot be sent, or null. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.has(file.type.toLowerCase())) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > MAX_IMAGE_BYTES) return 'This image is larger than 10 MB. Choose a smaller one.';
  return null;
}
