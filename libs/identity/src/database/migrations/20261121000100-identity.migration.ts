import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000100Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id uuid primary key default gen_random_uuid(),
        email text not null check (email = lower(email)),
        encrypted_password text not null,
        app_role text not null default 'fan' check (app_role in ('fan', 'creator', 'moderator', 'admin')),
        email_confirmed_at timestamptz null,
        confirmation_sent_at timestamptz null,
        recovery_sent_at timestamptz null,
        last_sign_in_at timestamptz null,
        user_metadata jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create unique index users_email_key on users (email)`);
    this.addSql(`
      create table sessions (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
        aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
        factor_id uuid null,
        user_agent text null,
        ip text null,
        not_after timestamptz null,
        refreshed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index sessions_user_id_idx on sessions (user_id)`);
    this.addSql(`
      create table refresh_tokens (
        id bigserial primary key,
        token_hash text not null unique,
        parent_hash text null,
        user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
        session_id uuid not null references sessions (id) on delete cascade deferrable initially deferred,
        revoked boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(`create index refresh_tokens_session_id_idx on refresh_tokens (session_id)`);
    this.addSql(`create index refresh_tokens_parent_hash_idx on refresh_tokens (parent_hash)`);
    this.addSql(`
      create table mfa_amr_claims (
        id uuid primary key default gen_random_uuid(),
        session_id uuid not null references sessions (id) on delete cascade deferrable initially deferred,
        authentication_method text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (session_id, authentication_method)
      )`);
    this.addSql(`
      create table one_time_tokens (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
        kind text not null check (kind in ('signup', 'recovery')),
        token_hash text not null unique,
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index one_time_tokens_user_kind_idx on one_time_tokens (user_id, kind)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists one_time_tokens, mfa_amr_claims, refresh_tokens, sessions, users`);
  }
}
