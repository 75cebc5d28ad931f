import { apiRequest } from '../../../lib/api-client';
import type {
  AdminMe,
  AdminUser,
  AuditPage,
  DisableUserMfaRequest,
  SetSitePasswordRequest,
  SitePasswordStatus,
  UserRole,
  VerificationDetail,
  VerificationItem,
  VerificationStatus,
} from './admin.types';

// Every path starts with /api/admin, so apiRequest sends the `adminToken` bearer.

/** `bearer` checks a session that is not stored yet (during sign-in). */
export const fetchAdminMe = (bearer?: string) => apiRequest<AdminMe>('/api/admin/me', { bearer });

export async function listVerifications(status: VerificationStatus): Promise<VerificationItem[]> {
  const { items } = await apiRequest<{ items: VerificationItem[] }>(`/api/admin/verifications?status=${status}`);
  return items;
}

export const getVerification = (id: string) =>
  apiRequest<VerificationDetail>(`/api/admin/verifications/${encodeURIComponent(id)}`);

export type VerificationAction = 'claim' | 'release' | 'accept' | 'reject';

export const actOnVerification = (id: string, action: VerificationAction, reason?: string) =>
  apiRequest<VerificationItem>(`/api/admin/verifications/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    json: action === 'reject' ? { reason } : undefined,
  });

export async function searchUsers(q: string): Promise<AdminUser[]> {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  const { items } = await apiRequest<{ items: AdminUser[] }>(`/api/admin/users${query}`);
  return items;
}

export const changeUserRole = (userId: string, role: UserRole) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', json: { role } });

export const disableUserMfa = (userId: string, body: DisableUserMfaRequest) =>
  apiRequest<unknown>(`/api/admin/users/${encodeURIComponent(userId)}/mfa`, { method: 'DELETE', json: body });

export const getSitePassword = () => apiRequest<SitePasswordStatus>('/api/admin/site-password');

export const setSitePassword = (body: SetSitePasswordRequest) =>
  apiRequest<unknown>('/api/admin/site-password', { method: 'PUT', json: body });

export const clearSitePassword = () => apiRequest<unknown>('/api/admin/site-password', { method: 'DELETE' });

export const AUDIT_PAGE_SIZE = 50;

export function listAuditLog({ before, action }: { before?: string | null; action?: string }): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before) params.set('before', before);
  if (action?.trim()) params.set('action', action.trim());
  return apiRequest<AuditPage>(`/api/admin/audit-log?${params}`);
}
