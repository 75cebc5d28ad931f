import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100Mfa extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table mfa_factors (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null,
        friendly_name text not null default '',
        factor_type text not null default 'totp' check (factor_type = 'totp'),
        status text not null default 'unverified' check (status in ('unverified', 'verified')),
        secret_encrypted text not null,
        last_used_step bigint null,
        last_challenged_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (user_id, friendly_name)
      )`);
    this.addSql(`create index mfa_factors_user_idx on mfa_factors (user_id)`);
    this.addSql(`
      create table mfa_challenges (
        id uuid primary key default gen_random_uuid(),
        factor_id uuid not null references mfa_factors (id) on delete cascade,
        ip_address text not null,
        created_at timestamptz not null default now(),
        verified_at timestamptz null
      )`);
    this.addSql(`create index mfa_challenges_factor_idx on mfa_challenges (factor_id)`);
    this.addSql(`
      create table mfa_recovery_codes (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null,
        code_hash text not null,
        used_at timestamptz null,
        created_at timestamptz not null default now(),
        unique (user_id, code_hash)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists mfa_recovery_codes, mfa_challenges, mfa_factors`);
  }
}
