import { apiRequest } from '../../../lib/api-client';
import type { ActivityPage } from './earnings-types';

export const ACTIVITY_PAGE_SIZE = 10;

/** The creator's activity entries (sales, tips, subscribers, chargebacks), newest first. */
export const getActivity = (cursor: string | null) =>
  apiRequest<ActivityPage>(
    `/api/notifications?limit=${ACTIVITY_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

/** Marks the entries up to `upToId` (the newest one shown) as read, so one that arrives meanwhile stays unread. */
export const markActivityRead = (upToId: string) =>
  apiRequest<{ unreadCount: number }>('/api/notifications/read', { method: 'POST', json: { upToId } });
