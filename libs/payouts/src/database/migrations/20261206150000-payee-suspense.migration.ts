import { Migration } from '@mikro-orm/migrations';

const KINDS = `'earnings_pending', 'earnings_current', 'platform_revenue', 'provider_clearing', 'payouts_in_transit', 'payouts_settled'`;

/**
 * The platform's payee suspense account: a payee's share of a sale booked after their account was
 * deleted goes there (never to earnings nobody can be paid), and its reversal comes off it.
 */
export class Migration20261206150000PayeeSuspense extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ledger_accounts drop constraint ledger_accounts_kind_check`);
    this.addSql(
      `alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${KINDS}, 'payee_suspense'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table ledger_accounts drop constraint ledger_accounts_kind_check`);
    this.addSql(`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (${KINDS}))`);
  }
}
