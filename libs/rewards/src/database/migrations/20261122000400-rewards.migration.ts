import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000400Rewards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_rewards (
        user_id uuid primary key,
        wallet_address text null check (wallet_address ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
        wallet_added_at timestamptz null,
        telegram_username text null check (telegram_username ~ '^[A-Za-z0-9_]{5,32}$'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((wallet_address is null) = (wallet_added_at is null))
      )`);
    // One airdrop share per wallet: the same wallet cannot be entered from two accounts.
    this.addSql(
      `create unique index user_rewards_wallet_unique on user_rewards (wallet_address) where wallet_address is not null`,
    );
    this.addSql(
      `create unique index user_rewards_telegram_unique on user_rewards (lower(telegram_username)) where telegram_username is not null`,
    );
    this.addSql(
      `create index user_rewards_wallet_added_at on user_rewards (wallet_added_at) where wallet_address is not null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table user_rewards`);
  }
}
