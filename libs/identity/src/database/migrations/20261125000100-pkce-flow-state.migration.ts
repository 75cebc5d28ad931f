import { Migration } from '@mikro-orm/migrations';

/** PKCE email flows: the client's code challenge, and the one-use auth code its link yields. */
export class Migration20261125000100PkceFlowState extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table flow_states (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
        kind text not null check (kind in ('signup', 'recovery')),
        code_challenge text not null,
        code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
        auth_code_hash text null unique,
        auth_code_issued_at timestamptz null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index flow_states_user_idx on flow_states (user_id)`);
    this.addSql(
      `alter table one_time_tokens add column flow_state_id uuid null references flow_states (id) on delete set null deferrable initially deferred`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table one_time_tokens drop column flow_state_id`);
    this.addSql(`drop table flow_states`);
  }
}
