import { Migration } from '@mikro-orm/migrations';

/**
 * When the session's owner last proved who they are (password, TOTP or recovery code); a refresh
 * keeps it. Sensitive changes (payout methods) ask for a recent one. Existing sessions count from
 * their sign-in.
 */
export class Migration20261125001710SessionAuthenticatedAt extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table sessions add column authenticated_at timestamptz null`);
    this.addSql(`update sessions set authenticated_at = created_at`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table sessions drop column authenticated_at`);
  }
}
