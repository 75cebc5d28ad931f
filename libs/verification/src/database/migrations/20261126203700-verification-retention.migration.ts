import { Migration } from '@mikro-orm/migrations';

/** When an erased account's accepted ID check, kept for record-keeping duty, is to be erased too. */
export class Migration20261126203700VerificationRetention extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table verification_submissions add column retained_until timestamptz null`);
    this.addSql(
      `create index verification_retained_until on verification_submissions (retained_until) where retained_until is not null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table verification_submissions drop column retained_until`);
  }
}
