import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ListNotificationsQuery, type CreatorNotificationView, type NotificationsPage } from './list-notifications.query.js';
import { unreadCount } from './unread-count.js';

interface EntryRow {
  id: string;
  kind: CreatorNotificationView['kind'];
  purchase_id: string;
  text: string;
  message: string | null;
  amount_minor: string;
  currency: string;
  created_at: Date;
  read_at: Date | null;
}

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
    const rows = await em.execute<EntryRow[]>(
      `select id, kind, purchase_id, text, message, amount_minor, currency, created_at, read_at from creator_notifications
        where user_id = ? ${cursor ? 'and id < ?::bigint' : ''} order by id desc limit ?`,
      cursor ? [userId, cursor, limit + 1] : [userId, limit + 1],
    );
    const items = rows.slice(0, limit).map(toView);
    return { items, nextCursor: rows.length > limit ? items[items.length - 1].id : null, unreadCount: await unreadCount(em, userId) };
  }
}
