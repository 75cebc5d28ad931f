import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000300Analytics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table analytics_events (
        id bigint generated always as identity primary key,
        kind text not null check (kind in ('page_view', 'event')),
        category text null check (category in ('Authentication', 'Error')),
        action text null,
        label text null,
        path text not null,
        received_at timestamptz not null default now(),
        check ((kind = 'page_view') = (category is null))
      )`);
    this.addSql(`create index analytics_events_received_at on analytics_events (received_at)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table analytics_events`);
  }
}
