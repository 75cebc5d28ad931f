import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ListNotificationsQuery,
  type CreatorNotificationView,
  type NotificationsPage,
} from './list-notifications.query.js';
import { listNotificationEntries, type EntryRow } from './list-notifications.queries.js';
import { unreadCount } from './unread-count.queries.js';

const toView = (row: EntryRow): CreatorNotificationView => ({
  id: String(row.id),
  kind: row.kind,
  purchaseId: row.purchase_id,
  text: row.text,
  message: row.message,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  createdAt: new Date(row.created_at).toISOString(),
  readAt: row.read_at && new Date(row.read_at).toISOString(),
});

@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId, cursor, limit }: ListNotificationsQuery): Promise<NotificationsPage> {
    const em = this.orm.em.fork();
    const rows = await listNotificationEntries(em, userId, cursor, limit + 1);
    const items = rows.slice(0, limit).map(toView);
    return {
      items,
      nextCursor: rows.length > limit ? items[items.length - 1].id : null,
      unreadCount: await unreadCount(em, userId),
    };
  }
}
