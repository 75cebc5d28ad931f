import { Migration } from '@mikro-orm/migrations';

export class Migration20261203000000Realtime extends Migration {
  override async up(): Promise<void> {
    // Without Redis: envelopes too large for one NOTIFY (8000 bytes), read once by every listener, then purged.
    this.addSql(`
      create table realtime_bus_messages (
        id bigserial primary key,
        envelope text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index realtime_bus_messages_created_at on realtime_bus_messages (created_at)`);
    // Without Redis: the api instances alive, and the presence metas each holds for its sockets.
    this.addSql(`
      create table realtime_instances (
        id uuid primary key,
        seen_at timestamptz not null
      )`);
    this.addSql(`
      create table realtime_presence (
        topic text not null,
        subscription_id uuid not null,
        instance_id uuid not null,
        presence_key text not null,
        meta jsonb not null,
        tracked_at timestamptz not null default now(),
        primary key (topic, subscription_id)
      )`);
    this.addSql(`create index realtime_presence_instance on realtime_presence (instance_id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists realtime_presence`);
    this.addSql(`drop table if exists realtime_instances`);
    this.addSql(`drop table if exists realtime_bus_messages`);
  }
}
