import { Migration } from '@mikro-orm/migrations';

/**
 * A held message's price per message, fixed when it was sent (issue 33): the fan pays what the
 * creator asked then, not what the setting says at checkout. Held rows from before keep null and
 * are sold at the setting's price, as they were.
 */
export class Migration20261206140000MessageFees extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table messages
        add column fee_minor bigint null check (fee_minor > 0),
        add column fee_currency char(3) null,
        add constraint messages_fee check ((fee_minor is null) = (fee_currency is null))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table messages drop constraint messages_fee, drop column fee_minor, drop column fee_currency`);
  }
}
