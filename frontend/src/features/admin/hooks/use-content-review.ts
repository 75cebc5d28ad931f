import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { ContentItem, ContentReviewStatus } from '../services/admin.types';
import { actOnContent, getContent, listContent, type ContentAction } from '../services/content-review-api';
import { adminKeys } from './admin-keys';

/** Media links live ten minutes: fresh ones every eight, before any runs out. */
export const MEDIA_REFRESH_MS = 8 * 60_000;
const QUEUE_REFRESH_MS = 30_000;

export function useContentQueue(status: ContentReviewStatus) {
  return useQuery({
    queryKey: adminKeys.contentList(status),
    queryFn: () => listContent(status),
    // Claims change while the queue is open; the other lists only need their thumbnail links renewed.
    refetchInterval: status === 'pending_review' ? QUEUE_REFRESH_MS : MEDIA_REFRESH_MS,
  });
}

export function useContentDetail(id: string) {
  return useQuery({
    queryKey: adminKeys.contentItem(id),
    queryFn: () => getContent(id),
    refetchInterval: MEDIA_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}

const DONE: Record<ContentAction, string> = {
  claim: 'Content claimed',
  release: 'Claim released',
  approve: 'Content approved: it is live in the store',
  reject: 'Content rejected: the creator is emailed the reason',
  remove: 'Content removed',
  restore: 'Content restored',
};

/** A 409 (someone else's claim, a lapsed claim, a status that changed meanwhile) is shown and the item refetched. */
export function useContentAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: ContentAction; reason?: string }) => actOnContent(id, action, reason),
    onSuccess: (item: ContentItem, { action }) => {
      client.setQueryData(adminKeys.contentItem(id), item);
      // Approving an item whose featured collaborators are not cleared rejects it instead.
      if (action === 'approve' && item.status !== 'approved')
        notify.error(item.rejectionReason ?? 'The item was not approved.', 'Rejected automatically');
      else notify.success(DONE[action]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(error.message);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.content }),
  });
}
