import { Badge } from '@mantine/core';
import { useUnread } from '../hooks/use-conversations';

/** The sidebar's count of unread messages (muted conversations left out), live from the `unread` event. */
export function UnreadBadge() {
  const unread = useUnread();
  const total = unread.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={total < 10}
      aria-label={total === 1 ? '1 unread message' : `${total} unread messages`}
      data-testid="unread-badge"
    >
      {total > 99 ? '99+' : total}
    </Badge>
  );
}
