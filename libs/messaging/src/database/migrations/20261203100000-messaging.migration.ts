import { Migration } from '@mikro-orm/migrations';
import { monthlyPartitionsSql } from '#app/platform';

/**
 * Conversations between a fan and a creator, and their messages (issue 22). `messages` is the big
 * table: range-partitioned by month of created_at from the start (docs/scaling.md §5), primary key
 * (id, created_at) with UUIDv7 ids, so an id alone names its month. Every uniqueness that does not
 * hold the partition key lives in a small side table written in the same transaction.
 */

export class Migration20261203100000Messaging extends Migration {
  override async up(): Promise<void> {
    // Who may write to a creator; no row means anyone signed in.
    this.addSql(`
      create table messaging_settings (
        creator_id uuid primary key,
        audience text not null check (audience in ('subscribers', 'signed_in', 'paid')),
        price_minor bigint null check (price_minor between 50 and 100000),
        currency char(3) null,
        updated_at timestamptz not null,
        check ((audience = 'paid') = (price_minor is not null and currency is not null))
      )`);
    this.addSql(`
      create table conversations (
        id uuid primary key,
        fan_id uuid not null,
        creator_id uuid not null,
        started_by uuid not null,
        created_at timestamptz not null,
        last_activity_at timestamptz not null,
        last_message_id uuid null,
        last_message_at timestamptz null,
        last_sender_id uuid null,
        last_preview text null,
        constraint conversations_one_per_pair unique (fan_id, creator_id),
        check (fan_id <> creator_id),
        check (started_by in (fan_id, creator_id))
      )`);
    // Each side's list, most recent activity first (keyset on activity and id).
    this.addSql(`create index conversations_by_fan on conversations (fan_id, last_activity_at desc, id desc)`);
    this.addSql(`create index conversations_by_creator on conversations (creator_id, last_activity_at desc, id desc)`);
    // Each member's own state: read position, unread counter (kept by sends and reads under the conversation's lock), mute, block.
    this.addSql(`
      create table conversation_members (
        conversation_id uuid not null references conversations (id) on delete cascade,
        user_id uuid not null,
        role text not null check (role in ('fan', 'creator')),
        unread_count integer not null default 0 check (unread_count >= 0),
        last_read_message_id uuid null,
        last_read_at timestamptz null,
        muted_at timestamptz null,
        blocked_at timestamptz null,
        primary key (conversation_id, user_id)
      )`);
    this.addSql(
      `create index conversation_members_by_user on conversation_members (user_id) include (unread_count, muted_at)`,
    );
    // Price, currency and mass-message id are for paid and mass messages (a later round); nothing sets them yet.
    this.addSql(`
      create table messages (
        id uuid not null,
        created_at timestamptz not null,
        conversation_id uuid not null,
        sender_id uuid not null,
        client_id text not null check (char_length(client_id) between 1 and 64),
        body text not null default '' check (char_length(body) <= 2000),
        attachment_count smallint not null default 0 check (attachment_count between 0 and 10),
        price_minor bigint null check (price_minor > 0),
        currency char(3) null,
        mass_message_id uuid null,
        primary key (id, created_at),
        check ((price_minor is null) = (currency is null)),
        check (body <> '' or attachment_count > 0)
      ) partition by range (created_at)`);
    this.addSql(`create index messages_by_conversation on messages (conversation_id, created_at desc, id desc)`);
    this.addSql(`create index messages_by_sender on messages (sender_id, created_at desc)`);
    // Full text in any language: the 'simple' configuration (no stemming, no stop words), an expression index on every partition.
    this.addSql(`create index messages_search on messages using gin (to_tsvector('simple', body))`);
    // The default partition and a year of months; the platform's daily keeper adds months and drains the default.
    this.addSql(monthlyPartitionsSql('messages', 'created_at'));
    // Idempotent send: a client id is unique per sender (a unique index on messages would need created_at in it).
    this.addSql(`
      create table message_client_ids (
        sender_id uuid not null,
        client_id text not null,
        message_id uuid not null,
        message_created_at timestamptz not null,
        primary key (sender_id, client_id)
      )`);
    this.addSql(`
      create table message_attachments (
        message_id uuid not null,
        message_created_at timestamptz not null,
        conversation_id uuid not null,
        content_id uuid not null,
        kind text not null check (kind in ('video', 'album')),
        source text not null check (source in ('store', 'upload')),
        position smallint not null check (position >= 0),
        primary key (message_id, content_id),
        foreign key (message_id, message_created_at) references messages (id, created_at)
      )`);
    this.addSql(`create index message_attachments_by_content on message_attachments (content_id)`);
    // Messaging's copy of where the review of each item it sent stands, kept from content-moderation's events.
    this.addSql(`
      create table message_media (
        content_id uuid primary key,
        status text not null check (status in ('pending_review', 'approved', 'rejected', 'removed')),
        version integer not null,
        updated_at timestamptz not null
      )`);
    // What a member reported, as it was then: the case's evidence, kept even if the conversation changes.
    // The row is claimed before the case opens, so one member reports one message (or conversation) once.
    this.addSql(`
      create table message_reports (
        id uuid primary key,
        case_id uuid null unique,
        conversation_id uuid not null references conversations (id),
        message_id uuid null,
        reporter_id uuid not null,
        reported_user_id uuid not null,
        snapshot jsonb not null,
        created_at timestamptz not null,
        constraint message_reports_once unique nulls not distinct (reporter_id, conversation_id, message_id)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from monthly_partitioned_tables where parent_table = 'messages'`);
    this.addSql(
      `drop table if exists message_reports, message_media, message_attachments, message_client_ids, messages, conversation_members, conversations, messaging_settings cascade`,
    );
  }
}
