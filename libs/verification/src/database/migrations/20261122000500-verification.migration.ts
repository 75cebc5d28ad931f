import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000500Verification extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table verification_submissions (
        id uuid primary key,
        user_id uuid not null,
        full_name text not null check (length(full_name) between 2 and 100),
        date_of_birth date not null,
        country char(2) not null,
        status text not null default 'processing' check (status in ('processing', 'accepted', 'rejected')),
        rejection_reason text null,
        user_photo_key text not null,
        id_photo_key text not null,
        submitted_at timestamptz not null,
        claimed_by uuid null,
        claimed_at timestamptz null,
        decided_by uuid null,
        decided_at timestamptz null,
        check ((status = 'rejected') = (rejection_reason is not null)),
        check ((status = 'processing') = (decided_at is null)),
        check ((claimed_by is null) = (claimed_at is null))
      )`);
    // One open check per person at a time; the queue reads oldest first.
    this.addSql(
      `create unique index verification_one_open_per_user on verification_submissions (user_id) where status = 'processing'`,
    );
    this.addSql(`create index verification_queue on verification_submissions (status, submitted_at, id)`);
    this.addSql(`create index verification_by_user on verification_submissions (user_id, submitted_at desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table verification_submissions`);
  }
}
