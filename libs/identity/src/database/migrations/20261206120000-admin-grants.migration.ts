import { Migration } from '@mikro-orm/migrations';

/**
 * No admin makes another admin alone: the first admin's request waits here until a second admin
 * approves it (the same change made by another admin). One pending grant per user.
 */
export class Migration20261206120000AdminGrants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table admin_grants (
        id uuid primary key,
        user_id uuid not null,
        requested_by uuid not null,
        requested_at timestamptz not null,
        status text not null default 'pending' check (status in ('pending', 'approved', 'cancelled')),
        decided_by uuid null,
        decided_at timestamptz null,
        check (status <> 'approved' or decided_by <> requested_by),
        check ((status = 'pending') = (decided_at is null))
      )`);
    this.addSql(`create unique index admin_grants_one_pending on admin_grants (user_id) where status = 'pending'`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table admin_grants`);
  }
}
