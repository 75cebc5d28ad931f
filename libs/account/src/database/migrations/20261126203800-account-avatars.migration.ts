import { Migration } from '@mikro-orm/migrations';

export class Migration20261126203800AccountAvatars extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table account_avatars (
        user_id uuid primary key,
        file_key text not null,
        version text not null check (version ~ '^[0-9a-f]{12}$'),
        updated_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table account_avatars`);
  }
}
