import { Migration } from '@mikro-orm/migrations';

/**
 * The unread-messages email digest (issue 22). `messaging_preferences` holds each user's choice
 * (no row: the default, on). Each member's high-water mark, `digested_up_to_*`, is the newest
 * message a digest already told them about: a message at or before it is never emailed again.
 */
export class Migration20261206090000MessageDigests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table messaging_preferences (
        user_id uuid primary key,
        email_digest boolean not null,
        updated_at timestamptz not null
      )`);
    this.addSql(
      `alter table conversation_members add column digested_up_to_at timestamptz null, add column digested_up_to_id uuid null`,
    );
    this.addSql(
      `alter table conversation_members add constraint conversation_members_digest_mark check ((digested_up_to_at is null) = (digested_up_to_id is null))`,
    );
    // The digest's scan: only members with something unread, most of them have nothing.
    this.addSql(`create index conversation_members_unread on conversation_members (user_id) where unread_count > 0`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists conversation_members_unread`);
    this.addSql(
      `alter table conversation_members drop constraint conversation_members_digest_mark, drop column digested_up_to_at, drop column digested_up_to_id`,
    );
    this.addSql(`drop table if exists messaging_preferences`);
  }
}
