import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000Platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pgcrypto`);
    this.addSql(`
      create table outbox_message (
        id bigserial primary key,
        queue text not null,
        job_name text not null,
        payload jsonb not null,
        created_at timestamptz not null default now(),
        available_at timestamptz not null default now(),
        published_at timestamptz null,
        attempts int not null default 0,
        last_error text null
      )`);
    this.addSql(`create index outbox_message_unpublished_idx on outbox_message (id) where published_at is null`);
    this.addSql(`
      create table processed_message (
        consumer text not null,
        message_id text not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, message_id)
      )`);
    this.addSql(`
      create table rate_limit (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists rate_limit, processed_message, outbox_message`);
  }
}
