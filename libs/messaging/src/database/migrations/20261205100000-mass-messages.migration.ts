import { Migration } from '@mikro-orm/migrations';

/**
 * Mass messages (issue 22): one message a creator sends to a segment of their fans, delivered by a
 * worker job as one copy in each fan's conversation (messages.mass_message_id names it). The row
 * is the job's checkpoint too: `last_fan_id` moves in the same transaction as each page of copies,
 * so a retried or crashed job resumes after the last page it stored, never repeating one.
 */
export class Migration20261205100000MassMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table mass_messages (
        id uuid primary key,
        creator_id uuid not null,
        client_id text not null check (char_length(client_id) between 1 and 64),
        segment text not null check (segment in ('subscribers_active', 'subscribers_expired', 'buyers', 'favourites')),
        content_id uuid null,
        body text not null default '' check (char_length(body) <= 2000),
        attachments jsonb not null default '[]',
        price_minor bigint null check (price_minor between 50 and 100000),
        currency char(3) not null,
        status text not null check (status in ('queued', 'sending', 'sent', 'withdrawn')),
        recipients integer null,
        delivered integer not null default 0,
        last_fan_id uuid null,
        created_at timestamptz not null,
        sent_at timestamptz null,
        withdrawn_at timestamptz null,
        constraint mass_messages_client_id unique (creator_id, client_id),
        check ((segment = 'buyers') = (content_id is not null))
      )`);
    this.addSql(`create index mass_messages_by_creator on mass_messages (creator_id, created_at desc, id desc)`);
    // Every copy of a mass message (unsend, sales); most messages have none, so a partial index.
    this.addSql(
      `create index messages_by_mass_message on messages (mass_message_id) where mass_message_id is not null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists messages_by_mass_message`);
    this.addSql(`drop table if exists mass_messages`);
  }
}
