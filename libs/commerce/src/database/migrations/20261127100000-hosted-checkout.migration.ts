import { Migration } from '@mikro-orm/migrations';

/**
 * Payments through a hosted checkout at the acquirer: a purchase waits for the fan (requires_action)
 * or ends unpaid (expired); it keeps the acquirer's checkout and payment ids, the card's brand,
 * last four and expiry as the acquirer reports them (never its number), and a dispute's stage.
 * The in-database sandbox provider is gone (the sandbox acquirer is its own service).
 */
export class Migration20261127100000HostedCheckout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop table if exists sandbox_events, sandbox_payments, sandbox_payment_methods`);
    this.addSql(`alter table purchases drop constraint purchases_status_check`);
    this.addSql(
      `alter table purchases add constraint purchases_status_check check (status in ('pending', 'requires_action', 'paid', 'failed', 'expired', 'refunded', 'charged_back'))`,
    );
    this.addSql(`alter table purchases alter column provider_payment_id drop not null`);
    this.addSql(`
      alter table purchases
        add column checkout_id text null,
        add column checkout_url text null,
        add column checkout_expires_at timestamptz null,
        add column return_to text null check (char_length(return_to) <= 500),
        add column card_brand text null,
        add column card_last4 text null check (card_last4 ~ '^[0-9]{4}$'),
        add column card_exp_month int null,
        add column card_exp_year int null,
        add column dispute_stage text null check (dispute_stage in ('needs_response', 'under_review', 'won', 'lost'))`);
    // A purchase the fan is paying for holds the item (and the store's subscription) as a pending one did.
    this.addSql(`drop index purchases_owned_content`);
    this.addSql(
      `create unique index purchases_owned_content on purchases (buyer_id, content_id) where kind = 'content' and status in ('pending', 'requires_action', 'paid')`,
    );
    this.addSql(`drop index purchases_pending_subscription`);
    this.addSql(
      `create unique index purchases_pending_subscription on purchases (buyer_id, store_id) where kind = 'subscription' and status in ('pending', 'requires_action')`,
    );
    // The expiry sweep's scan.
    this.addSql(`create index purchases_open on purchases (created_at) where status in ('pending', 'requires_action')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index purchases_open`);
    this.addSql(`update purchases set status = 'failed' where status in ('requires_action', 'expired')`);
    this.addSql(`drop index purchases_pending_subscription`);
    this.addSql(
      `create unique index purchases_pending_subscription on purchases (buyer_id, store_id) where kind = 'subscription' and status = 'pending'`,
    );
    this.addSql(`drop index purchases_owned_content`);
    this.addSql(
      `create unique index purchases_owned_content on purchases (buyer_id, content_id) where kind = 'content' and status in ('pending', 'paid')`,
    );
    this.addSql(`
      alter table purchases
        drop column checkout_id, drop column checkout_url, drop column checkout_expires_at, drop column return_to,
        drop column card_brand, drop column card_last4, drop column card_exp_month, drop column card_exp_year, drop column dispute_stage`);
    this.addSql(`update purchases set provider_payment_id = '' where provider_payment_id is null`);
    this.addSql(`alter table purchases alter column provider_payment_id set not null`);
    this.addSql(`alter table purchases drop constraint purchases_status_check`);
    this.addSql(
      `alter table purchases add constraint purchases_status_check check (status in ('pending', 'paid', 'failed', 'refunded', 'charged_back'))`,
    );
  }
}
