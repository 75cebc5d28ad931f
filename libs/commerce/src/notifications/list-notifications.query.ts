import { Query } from '@nestjs/cqrs';
import type { CreatorNotificationKind } from './creator-notification.js';

export interface CreatorNotificationView {
  /** Also the paging cursor and the mark-as-read bound: entries are numbered in the order they were written. */
  id: string;
  kind: CreatorNotificationKind;
  purchaseId: string;
  text: string;
  /** The fan's message with a tip, or null. */
  message: string | null;
  amountMinor: number;
  currency: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPage {
  items: CreatorNotificationView[];
  nextCursor: string | null;
  unreadCount: number;
}

/** The caller's own activity entries, newest first; `cursor` is the id the previous page ended on. */
export class ListNotificationsQuery extends Query<NotificationsPage> {
  constructor(
    readonly userId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
