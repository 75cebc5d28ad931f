import { ApiError, apiRequest, type ApiErrorBody } from '../../../lib/api-client';
import { local, StorageKey } from '../../../lib/storage';
import type { CaseKind, CaseStatus, ComplianceReport, ModerationCase, ResolveCaseRequest } from './admin.types';

export async function listCases(kind: CaseKind | null, status: CaseStatus): Promise<ModerationCase[]> {
  const params = new URLSearchParams({ status });
  if (kind) params.set('kind', kind);
  const { items } = await apiRequest<{ items: ModerationCase[] }>(`/api/admin/moderation/cases?${params}`);
  return items;
}

export const getCase = (id: string) =>
  apiRequest<ModerationCase>(`/api/admin/moderation/cases/${encodeURIComponent(id)}`);

export type CaseAction = 'claim' | 'release' | 'resolve';

export const actOnCase = (id: string, action: CaseAction, body?: ResolveCaseRequest) =>
  apiRequest<ModerationCase>(`/api/admin/moderation/cases/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    json: action === 'resolve' ? body : undefined,
  });

export async function listComplianceReports(): Promise<ComplianceReport[]> {
  const { items } = await apiRequest<{ items: ComplianceReport[] }>('/api/admin/moderation/compliance-reports');
  return items;
}

export const complianceFileName = (report: Pick<ComplianceReport, 'period'>) =>
  `fanmint-compliance-${report.period}.csv`;

/** The CSV as a Blob: apiRequest reads JSON, so this fetch sends the console bearer itself. */
export async function fetchComplianceCsv(report: Pick<ComplianceReport, 'id'>): Promise<Blob> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = local.get(StorageKey.adminToken);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`/api/admin/moderation/compliance-reports/${encodeURIComponent(report.id)}/csv`, {
    headers,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(response.status, body);
  }
  return response.blob();
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the URL only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
