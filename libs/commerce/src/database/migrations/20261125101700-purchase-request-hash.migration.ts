import { Migration } from '@mikro-orm/migrations';

/**
 * A purchase remembers a fingerprint of the request that created it, so a replayed Idempotency-Key
 * with another body is refused instead of answered with the first purchase; a payment event the
 * purchase refused (amount, currency or payment id not its own) is kept with the reason.
 */
export class Migration20261125101700PurchaseRequestHash extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table purchases add column request_hash text`);
    this.addSql(`alter table payment_events add column refused_reason text`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payment_events drop column refused_reason`);
    this.addSql(`alter table purchases drop column request_hash`);
  }
}
