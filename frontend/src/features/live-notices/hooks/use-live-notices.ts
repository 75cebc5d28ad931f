import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthSession } from '@/features/auth';
import { applyUnreadEvent, messageKeys } from '@/features/messages';
import { showNotice } from '../../../lib/notify';
import { joinPrivate } from '../../../lib/realtime';
import {
  activityNotice,
  decisionNotice,
  firstDelivery,
  receiptNotice,
  type ContentDecidedEvent,
  type CreatorActivityEvent,
  type PurchasePaidEvent,
} from '../notices';

const MESSAGE_KINDS = new Set(['message', 'message_fee', 'tip']);

/**
 * The signed-in user's own topic, joined once per tab by the dashboard layout (and left on sign-out):
 * the unread badge, and a notice with fresh data for a receipt, a creator's sale, tip or subscriber,
 * and a moderator's decision on their item.
 */
export function useLiveNotices() {
  const client = useQueryClient();
  const userId = useAuthSession().session?.user.id;
  useEffect(() => {
    if (!userId) return;
    const refresh = (...keys: (readonly unknown[])[]) =>
      keys.forEach((queryKey) => void client.invalidateQueries({ queryKey }));
    const seen = new Set<string>();
    return joinPrivate(
      `user:${userId}`,
      (channel) =>
        channel
          .on('broadcast', { event: 'unread' }, ({ payload }) => applyUnreadEvent(client, payload))
          .on('broadcast', { event: 'purchase.paid' }, ({ payload }) => {
            const event = payload as PurchasePaidEvent;
            if (!firstDelivery(seen, 'purchase.paid', event.eventId)) return;
            showNotice(receiptNotice(event));
            refresh(['purchases'], ['storefront']);
            // An unlocked message opens, a paid message shows as sent, a tip shows in its conversation.
            if (MESSAGE_KINDS.has(event.kind)) refresh(messageKeys.all);
          })
          .on('broadcast', { event: 'creator.activity' }, ({ payload }) => {
            const event = payload as CreatorActivityEvent;
            if (!firstDelivery(seen, 'creator.activity', event.eventId)) return;
            showNotice(activityNotice(event));
            refresh(['earnings'], ['messages', 'mass'], ['messages', 'thread']);
          })
          .on('broadcast', { event: 'content.decided' }, ({ payload }) => {
            showNotice(decisionNotice(payload as ContentDecidedEvent));
            refresh(['creator-studio', 'content'], ['messages', 'attachable']);
          }),
      // Back after a drop: what changed meanwhile comes from the server.
      (again) => again && refresh(messageKeys.unread),
    );
  }, [client, userId]);
}

/** Renders nothing: mounts the user's live notices in the dashboard layout. */
export function LiveNotices() {
  useLiveNotices();
  return null;
}
