import { apiRequest } from '../../../lib/api-client';
import type { ContentItem, ContentReviewStatus } from './admin.types';

export async function listContent(status: ContentReviewStatus): Promise<ContentItem[]> {
  const { items } = await apiRequest<{ items: ContentItem[] }>(`/api/admin/content?status=${status}`);
  return items;
}

export const getContent = (id: string) => apiRequest<ContentItem>(`/api/admin/content/${encodeURIComponent(id)}`);

/** Remove and restore are for admins; approve and reject need the caller's claim. */
export type ContentAction = 'claim' | 'release' | 'approve' | 'reject' | 'remove' | 'restore';

export const actOnContent = (id: string, action: ContentAction, reason?: string) =>
  apiRequest<ContentItem>(`/api/admin/content/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    json: action === 'reject' || action === 'remove' ? { reason } : undefined,
  });
