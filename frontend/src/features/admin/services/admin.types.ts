import type { ApiSchemas } from '../../../lib/api/types';

// The issue-5 admin endpoints are not in the generated OpenAPI schema yet; these follow the agreed
// contract and should become aliases of ApiSchemas[...] once `npm run api:types` includes them.

export type StaffRole = 'moderator' | 'admin';
export type UserRole = 'fan' | 'creator' | StaffRole;
export type VerificationStatus = 'processing' | 'accepted' | 'rejected';

export interface AdminMe {
  id: string;
  email: string;
  role: StaffRole;
  aal: 'aal2';
}

export interface PersonRef {
  id: string;
  email: string;
}

export interface VerificationItem {
  id: string;
  userId: string;
  userEmail: string;
  fullName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  country: string;
  countryName: string;
  status: VerificationStatus;
  submittedAt: string;
  claimedBy: PersonRef | null;
  claimedAt: string | null;
  decidedBy: PersonRef | null;
  decidedAt: string | null;
  rejectionReason: string | null;
}

export interface VerificationDetail extends VerificationItem {
  /** Short-lived URLs (about 120 s), usable directly as <img src>. */
  images: { userPhotoWithId: string; idPhoto: string };
}

export interface AdminUser {
  id: string;
  email: string;
  role: UserRole;
  createdAt: string;
  emailConfirmedAt: string | null;
  lastSignInAt: string | null;
  mfaEnabled: boolean;
  verificationStatus: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: PersonRef | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ipAddress: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  nextBefore: string | null;
}

export interface SitePasswordStatus {
  enabled: boolean;
  updatedAt: string | null;
}

export type SetSitePasswordRequest = ApiSchemas['SetSitePasswordDto'];
export type DisableUserMfaRequest = ApiSchemas['DisableUserMfaDto'];
