import { Command } from '@nestjs/cqrs';

/** Marks the caller's unread entries as read: all of them, or those up to and including `upToId`. */
export class MarkNotificationsReadCommand extends Command<{ unreadCount: number }> {
  constructor(
    readonly userId: string,
    readonly upToId: string | null,
  ) {
    super();
  }
}
