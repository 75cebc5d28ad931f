import type { ApiSchemas } from '../../../lib/api/types';

export type AdminMe = ApiSchemas['AdminMeDto'];
export type StaffRole = AdminMe['role'];
export type PersonRef = ApiSchemas['StaffRefDto'];
/** What the signed-in staff member may do with a review item, as the server's claim rule says. */
export type ClaimView = ApiSchemas['ClaimViewDto'];

export type VerificationItem = ApiSchemas['ReviewItemDto'];
export type VerificationStatus = VerificationItem['status'];
/** The item with two-minute image URLs, usable directly as <img src>. */
export type VerificationDetail = ApiSchemas['ReviewItemDetailDto'];

export type AdminUser = ApiSchemas['AdminUserDto'];
export type UserRole = AdminUser['role'];

export type AuditEntry = ApiSchemas['AuditEntryDto'];
export type AuditPage = ApiSchemas['AuditPageDto'];

// GET /api/admin/site-password (identity's site gate) has no response DTO yet.
export type SitePasswordStatus = ApiSchemas['SitePasswordStatusDto'];

export type SetSitePasswordRequest = ApiSchemas['SetSitePasswordDto'];
export type DisableUserMfaRequest = ApiSchemas['DisableUserMfaDto'];

export type ContentItem = ApiSchemas['StaffContentViewDto'];
/** Drafts never reach the console. */
export type ContentReviewStatus = Exclude<ContentItem['status'], 'draft'>;
/** One file of an item, with ten-minute links (thumbnailUrl, fileUrl) usable directly as src. */
export type ContentMedia = ApiSchemas['MediaViewDto'];

export type ModerationCase = ApiSchemas['CaseViewDto'];
export type CaseKind = ModerationCase['kind'];
export type CaseStatus = ModerationCase['status'];
export type CaseOutcome = ApiSchemas['ResolveCaseDto']['outcome'];
export type ResolveCaseRequest = ApiSchemas['ResolveCaseDto'];

export type ComplianceReport = ApiSchemas['ComplianceReportDto'];
