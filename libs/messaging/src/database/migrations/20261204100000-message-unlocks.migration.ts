import { Migration } from '@mikro-orm/migrations';

/**
 * What paid messages share (issue 22): who unlocked which priced message, and a creator's unsend.
 *
 * `message_unlocks` is messaging's own record of the paid unlocks commerce reports (a row: this buyer
 * paid for this message; a refund or chargeback removes it). It answers "may this fan open it" and
 * "what did this message, or mass message, sell". `withdrawn_at` marks a priced message its creator
 * unsent: it is gone for everyone without an unlock, and stays for those who paid.
 */
export class Migration20261204100000MessageUnlocks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table messages add column withdrawn_at timestamptz null`);
    this.addSql(`
      create table message_unlocks (
        message_id uuid not null,
        message_created_at timestamptz not null,
        buyer_id uuid not null,
        conversation_id uuid not null,
        mass_message_id uuid null,
        purchase_id uuid not null,
        purchase_created_at timestamptz not null,
        amount_minor bigint not null check (amount_minor > 0),
        currency char(3) not null,
        unlocked_at timestamptz not null,
        primary key (message_id, buyer_id),
        unique (purchase_id)
      )`);
    this.addSql(
      `create index message_unlocks_by_mass_message on message_unlocks (mass_message_id) where mass_message_id is not null`,
    );
    this.addSql(`create index message_unlocks_by_buyer on message_unlocks (buyer_id, conversation_id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists message_unlocks`);
    this.addSql(`alter table messages drop column withdrawn_at`);
  }
}
