import { Migration } from '@mikro-orm/migrations';

/**
 * Renewals look a subscription's period up by subscription_id; without an index that reads every
 * monthly partition of purchases. Created on the parent, so every partition, present and future, has it.
 */
export class Migration20261203110000PurchasesBySubscription extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index purchases_by_subscription on purchases (subscription_id, period_start) where subscription_id is not null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index purchases_by_subscription`);
  }
}
