import { Migration } from '@mikro-orm/migrations';

/**
 * Email change (GoTrue's `email_change`: the new address waits here until its link is opened)
 * and account deletion (the row stays, anonymised, so ledger and purchase rows keep their owner
 * id; `deleted_at` says it is gone).
 */
export class Migration20261201090000AccountLifecycle extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column email_change text null check (email_change = lower(email_change))`);
    this.addSql(`alter table users add column email_change_sent_at timestamptz null`);
    this.addSql(`alter table users add column deleted_at timestamptz null`);
    this.addSql(`alter table one_time_tokens drop constraint one_time_tokens_kind_check`);
    this.addSql(
      `alter table one_time_tokens add constraint one_time_tokens_kind_check check (kind in ('signup', 'recovery', 'email_change'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from one_time_tokens where kind = 'email_change'`);
    this.addSql(`alter table one_time_tokens drop constraint one_time_tokens_kind_check`);
    this.addSql(
      `alter table one_time_tokens add constraint one_time_tokens_kind_check check (kind in ('signup', 'recovery'))`,
    );
    this.addSql(`alter table users drop column email_change, drop column email_change_sent_at, drop column deleted_at`);
  }
}
