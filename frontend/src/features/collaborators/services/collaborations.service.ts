import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';

/** GET /api/collaborations: requests to me and my collaborators (asCreator), my own requests (asCollaborator). */
export type MyCollaborations = ApiSchemas['MyCollaborationsDto'];
export type Collaboration = ApiSchemas['CollaborationViewDto'];
export type Permissions = ApiSchemas['PermissionsDto'];

const base = (id: string) => `/api/collaborations/${encodeURIComponent(id)}`;

export const getCollaborations = () => apiRequest<MyCollaborations>('/api/collaborations');

export const approveCollaboration = ({ id, ...permissions }: Permissions & { id: string }) =>
  apiRequest<MyCollaborations>(`${base(id)}/approve`, { method: 'POST', json: permissions });

export const rejectCollaboration = (id: string) =>
  apiRequest<MyCollaborations>(`${base(id)}/reject`, { method: 'POST' });

export const removeCollaboration = (id: string) =>
  apiRequest<MyCollaborations>(`${base(id)}/remove`, { method: 'POST' });

export const updatePermissions = ({ id, ...permissions }: Permissions & { id: string }) =>
  apiRequest<MyCollaborations>(`${base(id)}/permissions`, { method: 'PUT', json: permissions });

/** Multipart, field `releaseForm`; the browser sets the boundary. */
export function uploadReleaseForm({ id, file }: { id: string; file: File }) {
  const body = new FormData();
  body.append('releaseForm', file, file.name);
  return apiRequest<MyCollaborations>(`${base(id)}/release-form`, { method: 'POST', body });
}

export const RELEASE_FORM_ACCEPT = 'application/pdf,image/jpeg,image/png';
export const MAX_RELEASE_FORM_BYTES = 10 * 1024 * 1024;
const RELEASE_FORM_TYPES = RELEASE_FORM_ACCEPT.split(',');
const RELEASE_FORM_EXTENSION = /\.(pdf|jpe?g|png)$/i;

/** Why a chosen file cannot be a release form (same rules and wording as the server), or null. */
export function releaseFormProblem(file: File): string | null {
  // Some systems report no type for a PDF; the extension decides then, and the server checks the bytes.
  const typeOk = file.type ? RELEASE_FORM_TYPES.includes(file.type) : RELEASE_FORM_EXTENSION.test(file.name);
  if (!typeOk) return 'A release form must be a PDF, JPEG or PNG file';
  if (file.size > MAX_RELEASE_FORM_BYTES) return 'A release form can be at most 10 MB';
  return null;
}

/** The service's own message for a refused request (4xx), otherwise the fallback (server faults, network). */
export function serviceMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return fallback;
}

/** Who a collaboration is with: their store's public name (accounts' emails are never shown). */
export const storeLabel = (store: Collaboration['creatorStore']) => store?.name ?? 'Member without a store';

export const formatDateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : null;

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : null;
