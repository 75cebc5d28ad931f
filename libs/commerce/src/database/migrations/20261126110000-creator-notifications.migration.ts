import { Migration } from '@mikro-orm/migrations';

/**
 * The creator's choice to be emailed about sales (on by default), and their activity entries (new sale, tip, subscriber, renewal, chargeback), one per purchase
 * and kind: the unique key keeps a redelivered or repeated notification from writing a second one.
 */
export class Migration20261126110000CreatorNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table stores add column email_sales boolean not null default true`);
    this.addSql(`
      create table creator_notifications (
        id bigserial primary key,
        user_id uuid not null,
        kind text not null check (kind in ('sale', 'tip', 'subscriber', 'renewal', 'chargeback')),
        purchase_id uuid not null references purchases (id),
        text text not null,
        message text null check (char_length(message) <= 200),
        amount_minor bigint not null,
        currency text not null,
        created_at timestamptz not null,
        read_at timestamptz null,
        constraint creator_notifications_once unique (purchase_id, kind)
      )`);
    this.addSql(`create index creator_notifications_by_user on creator_notifications (user_id, id desc)`);
    this.addSql(`create index creator_notifications_unread on creator_notifications (user_id) where read_at is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table creator_notifications`);
    this.addSql(`alter table stores drop column email_sales`);
  }
}
