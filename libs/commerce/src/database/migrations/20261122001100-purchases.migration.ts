import { Migration } from '@mikro-orm/migrations';

/** Purchases, subscriptions, favourites, referral links, provider events; and the sandbox provider's own tables. */
export class Migration20261122001100Purchases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table referral_links (
        id uuid primary key,
        code text not null constraint referral_links_code_unique unique,
        owner_id uuid not null,
        content_id uuid not null,
        store_id uuid not null references stores (id),
        content_title text not null,
        created_at timestamptz not null,
        constraint referral_links_one_per_item unique (owner_id, content_id)
      )`);
    this.addSql(`
      create table subscriptions (
        id uuid primary key,
        subscriber_id uuid not null,
        store_id uuid not null references stores (id),
        creator_id uuid not null,
        status text not null check (status in ('active', 'cancelled', 'expired', 'past_due')),
        auto_renew boolean not null,
        price_minor bigint not null check (price_minor > 0),
        currency text not null,
        method text not null check (method in ('card', 'crypto')),
        payment_method_ref text not null,
        current_period_start timestamptz not null,
        current_period_end timestamptz not null,
        started_at timestamptz not null,
        cancelled_at timestamptz null,
        updated_at timestamptz not null,
        constraint subscriptions_one_per_store unique (subscriber_id, store_id)
      )`);
    this.addSql(`create index subscriptions_due on subscriptions (current_period_end) where status = 'active'`);
    this.addSql(`
      create table purchases (
        id uuid primary key,
        buyer_id uuid not null,
        store_id uuid not null references stores (id),
        creator_id uuid not null,
        kind text not null check (kind in ('content', 'subscription', 'tip')),
        content_id uuid null,
        content_title text null,
        content_kind text null check (content_kind in ('video', 'album')),
        subscription_id uuid null references subscriptions (id),
        period_start timestamptz null,
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        method text not null check (method in ('card', 'crypto')),
        status text not null check (status in ('pending', 'paid', 'failed', 'refunded', 'charged_back')),
        failure_reason text null,
        message text null check (char_length(message) <= 200),
        referral_link_id uuid null references referral_links (id),
        referrer_id uuid null,
        idempotency_key text not null,
        provider text not null,
        provider_payment_id text not null,
        payment_method_ref text null,
        crypto jsonb null,
        created_at timestamptz not null,
        paid_at timestamptz null,
        reversed_at timestamptz null,
        check ((kind = 'content') = (content_id is not null)),
        constraint purchases_idempotency unique (buyer_id, idempotency_key)
      )`);
    // One live purchase of an item per fan (a failed, refunded or charged-back one may be bought again).
    this.addSql(
      `create unique index purchases_owned_content on purchases (buyer_id, content_id) where kind = 'content' and status in ('pending', 'paid')`,
    );
    // One subscription payment in flight per fan and store.
    this.addSql(
      `create unique index purchases_pending_subscription on purchases (buyer_id, store_id) where kind = 'subscription' and status = 'pending'`,
    );
    this.addSql(`create index purchases_by_buyer on purchases (buyer_id, created_at desc, id desc)`);
    this.addSql(`create index purchases_by_creator on purchases (creator_id, created_at desc)`);
    this.addSql(
      `create index purchases_by_referral on purchases (referral_link_id) where referral_link_id is not null`,
    );
    this.addSql(`
      create table favorites (
        user_id uuid not null,
        store_id uuid not null references stores (id),
        created_at timestamptz not null,
        primary key (user_id, store_id)
      )`);
    // Each provider event is applied once, whatever the number of deliveries.
    this.addSql(`
      create table payment_events (
        provider text not null,
        event_id text not null,
        type text not null,
        reference text not null,
        received_at timestamptz not null,
        primary key (provider, event_id)
      )`);

    this.addSql(`
      create table sandbox_payment_methods (
        id text primary key,
        kind text not null check (kind in ('card', 'crypto')),
        last4 text null,
        outcome text not null check (outcome in ('approve', 'decline', 'insufficient_funds')),
        created_at timestamptz not null
      )`);
    this.addSql(`
      create table sandbox_payments (
        id text primary key,
        reference text not null constraint sandbox_payments_reference_unique unique,
        method_id text not null references sandbox_payment_methods (id),
        amount_minor bigint not null,
        currency text not null,
        status text not null check (status in ('pending', 'succeeded', 'failed', 'refunded', 'charged_back')),
        failure_reason text null,
        due_at timestamptz not null,
        created_at timestamptz not null,
        settled_at timestamptz null
      )`);
    this.addSql(`create index sandbox_payments_due on sandbox_payments (due_at) where status = 'pending'`);
    this.addSql(`
      create table sandbox_events (
        id text primary key,
        type text not null,
        payment_id text not null references sandbox_payments (id),
        created_at timestamptz not null,
        delivered_at timestamptz null,
        attempts int not null default 0,
        constraint sandbox_events_once unique (payment_id, type)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists sandbox_events, sandbox_payments, sandbox_payment_methods, payment_events, favorites, purchases, subscriptions, referral_links`,
    );
  }
}
