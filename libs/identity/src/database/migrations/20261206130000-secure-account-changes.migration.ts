import { Migration } from '@mikro-orm/migrations';

/**
 * GoTrue's secure email change (a link to the current address as well as to the new one; the
 * count of confirmed links is `email_change_confirm_status`) and the mailed re-authentication
 * code a password change may carry as `nonce`.
 */
export class Migration20261206130000SecureAccountChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table users add column email_change_confirm_status smallint not null default 0 check (email_change_confirm_status in (0, 1))`,
    );
    this.addSql(`alter table one_time_tokens drop constraint one_time_tokens_kind_check`);
    this.addSql(
      `alter table one_time_tokens add constraint one_time_tokens_kind_check check (kind in ('signup', 'recovery', 'email_change', 'email_change_current', 'reauthentication'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from one_time_tokens where kind in ('email_change_current', 'reauthentication')`);
    this.addSql(`alter table one_time_tokens drop constraint one_time_tokens_kind_check`);
    this.addSql(
      `alter table one_time_tokens add constraint one_time_tokens_kind_check check (kind in ('signup', 'recovery', 'email_change'))`,
    );
    this.addSql(`alter table users drop column email_change_confirm_status`);
  }
}
