import { Migration } from '@mikro-orm/migrations';
import { monthlyPartitionsSql } from '#app/platform';

const LIVE_STATUSES = `('pending', 'requires_action', 'paid')`;
const OPEN_STATUSES = `('pending', 'requires_action')`;
const LIVE_ITEM = `kind = 'content' and status in ${LIVE_STATUSES}`;
const OPEN_SUBSCRIPTION = `kind = 'subscription' and status in ${OPEN_STATUSES}`;

/**
 * purchases becomes partitioned by month of created_at (docs/scaling.md §5), on a database that holds
 * purchases: in one transaction, the old table is renamed, the new one created with the same columns,
 * every row copied, and the foreign key of creator_notifications repointed.
 *
 * A unique key of a partitioned table must hold its partition key, so the three guarantees that were
 * unique indexes of purchases move to small tables with the same constraint names, kept by triggers in
 * the statement that writes the purchase: one purchase per buyer and Idempotency-Key (a replay writes
 * nothing, as ON CONFLICT DO NOTHING did), one live purchase of an item per buyer, one subscription
 * payment in flight per buyer and store. A status change that ends a hold frees it.
 *
 * New ids are UUIDv7 of created_at (a check holds it), so an id alone names its month; older ids
 * name none and stay valid.
 */
export class Migration20261202110000PurchasesPartitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table creator_notifications drop constraint creator_notifications_purchase_id_fkey`);
    this.addSql(`alter table purchases rename to purchases_unpartitioned`);
    this.addSql(
      `alter table purchases_unpartitioned drop constraint purchases_pkey, drop constraint purchases_idempotency`,
    );
    this.addSql(
      `drop index purchases_owned_content, purchases_pending_subscription, purchases_by_buyer, purchases_by_creator, purchases_by_referral, purchases_open`,
    );

    this.addSql(
      `create table purchases (like purchases_unpartitioned including defaults including constraints) partition by range (created_at)`,
    );
    this.addSql(`
      alter table purchases
        add primary key (id, created_at),
        add constraint purchases_subscription_id_fkey foreign key (subscription_id) references subscriptions (id),
        add constraint purchases_referral_link_id_fkey foreign key (referral_link_id) references referral_links (id),
        add constraint purchases_id_month check (created_at >= uuid_v7_month_start(id) and created_at < uuid_v7_month_end(id))`);
    this.addSql(`create index purchases_by_buyer on purchases (buyer_id, created_at desc, id desc)`);
    this.addSql(`create index purchases_by_creator on purchases (creator_id, created_at desc)`);
    this.addSql(
      `create index purchases_by_referral on purchases (referral_link_id) where referral_link_id is not null`,
    );
    this.addSql(`create index purchases_open on purchases (created_at) where status in ('pending', 'requires_action')`);
    this.addSql(monthlyPartitionsSql('purchases', 'created_at'));

    for (const [table, key] of [
      [
        'purchase_idempotency',
        'buyer_id uuid not null, idempotency_key text not null, constraint purchases_idempotency primary key (buyer_id, idempotency_key)',
      ],
      [
        'content_ownership',
        'buyer_id uuid not null, content_id uuid not null, constraint purchases_owned_content primary key (buyer_id, content_id)',
      ],
      [
        'open_subscription_payments',
        'buyer_id uuid not null, store_id uuid not null, constraint purchases_pending_subscription primary key (buyer_id, store_id)',
      ],
    ]) {
      // The purchase's primary key rides along: a lookup through these tables reads one partition.
      this.addSql(
        `create table ${table} (${key}, purchase_id uuid not null, purchase_created_at timestamptz not null)`,
      );
    }

    // Rows of months before this one land in the default partition; adding partitions moves them to their month.
    this.addSql(`insert into purchases select * from purchases_unpartitioned`);
    this.addSql(`select monthly_partitions_add('purchases')`);
    this.addSql(`insert into purchase_idempotency select buyer_id, idempotency_key, id, created_at from purchases`);
    this.addSql(
      `insert into content_ownership select buyer_id, content_id, id, created_at from purchases where ${LIVE_ITEM}`,
    );
    this.addSql(
      `insert into open_subscription_payments select buyer_id, store_id, id, created_at from purchases where ${OPEN_SUBSCRIPTION}`,
    );
    this.addSql(PURCHASES_CLAIM_SQL);
    this.addSql(PURCHASES_FOLLOW_STATUS_SQL);
    this.addSql(
      `create trigger purchases_claim before insert on purchases for each row execute function purchases_claim()`,
    );
    // Only a change across a hold's edge calls the function (pending -> requires_action, the checkout's, does not).
    this.addSql(
      `create trigger purchases_holds after update of status on purchases for each row
       when ((old.status in ${LIVE_STATUSES}) <> (new.status in ${LIVE_STATUSES}) or (old.status in ${OPEN_STATUSES}) <> (new.status in ${OPEN_STATUSES}))
       execute function purchases_follow_status()`,
    );

    this.addSql(`alter table creator_notifications add column purchase_created_at timestamptz null`);
    this.addSql(
      `update creator_notifications n set purchase_created_at = p.created_at from purchases_unpartitioned p where p.id = n.purchase_id`,
    );
    this.addSql(`alter table creator_notifications alter column purchase_created_at set not null`);
    this.addSql(
      `alter table creator_notifications add constraint creator_notifications_purchase_id_fkey foreign key (purchase_id, purchase_created_at) references purchases (id, created_at)`,
    );
    this.addSql(`drop table purchases_unpartitioned`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table creator_notifications drop constraint creator_notifications_purchase_id_fkey`);
    this.addSql(`alter table creator_notifications drop column purchase_created_at`);
    this.addSql(`alter table purchases rename to purchases_partitioned`);
    this.addSql(`alter table purchases_partitioned rename constraint purchases_pkey to purchases_partitioned_pkey`);
    for (const index of ['purchases_by_buyer', 'purchases_by_creator', 'purchases_by_referral', 'purchases_open'])
      this.addSql(`alter index ${index} rename to ${index}_partitioned`);
    this.addSql(`create table purchases (like purchases_partitioned including defaults including constraints)`);
    this.addSql(`alter table purchases drop constraint purchases_id_month`);
    this.addSql(`insert into purchases select * from purchases_partitioned`);
    this.addSql(
      `drop table purchases_partitioned, purchase_idempotency, content_ownership, open_subscription_payments`,
    );
    this.addSql(`drop function purchases_claim(), purchases_follow_status()`);
    this.addSql(`delete from monthly_partitioned_tables where parent_table = 'purchases'`);
    this.addSql(`
      alter table purchases
        add primary key (id),
        add constraint purchases_idempotency unique (buyer_id, idempotency_key),
        add constraint purchases_subscription_id_fkey foreign key (subscription_id) references subscriptions (id),
        add constraint purchases_referral_link_id_fkey foreign key (referral_link_id) references referral_links (id)`);
    this.addSql(`create unique index purchases_owned_content on purchases (buyer_id, content_id) where ${LIVE_ITEM}`);
    this.addSql(
      `create unique index purchases_pending_subscription on purchases (buyer_id, store_id) where ${OPEN_SUBSCRIPTION}`,
    );
    this.addSql(`create index purchases_by_buyer on purchases (buyer_id, created_at desc, id desc)`);
    this.addSql(`create index purchases_by_creator on purchases (creator_id, created_at desc)`);
    this.addSql(
      `create index purchases_by_referral on purchases (referral_link_id) where referral_link_id is not null`,
    );
    this.addSql(`create index purchases_open on purchases (created_at) where status in ('pending', 'requires_action')`);
    this.addSql(
      `alter table creator_notifications add constraint creator_notifications_purchase_id_fkey foreign key (purchase_id) references purchases (id)`,
    );
  }
}

/**
 * Before a purchase is written: its Idempotency-Key, then the item or the store's subscription it
 * holds while live. A key seen before skips the row (nothing written, nothing returned); a hold
 * already taken fails the statement on the constraint the unique index had (the checkout reads its name).
 */
const PURCHASES_CLAIM_SQL = `
  create function purchases_claim() returns trigger language plpgsql as $$
  begin
    insert into purchase_idempotency values (new.buyer_id, new.idempotency_key, new.id, new.created_at) on conflict do nothing;
    if not found then
      return null;
    end if;
    if new.kind = 'content' and new.status in ('pending', 'requires_action', 'paid') then
      insert into content_ownership values (new.buyer_id, new.content_id, new.id, new.created_at);
    elsif new.kind = 'subscription' and new.status in ('pending', 'requires_action') then
      insert into open_subscription_payments values (new.buyer_id, new.store_id, new.id, new.created_at);
    end if;
    return new;
  end $$`;

/** After a status change, in its statement: a purchase that stops holding frees the hold; one that starts (a late capture) takes it. */
const PURCHASES_FOLLOW_STATUS_SQL = `
  create function purchases_follow_status() returns trigger language plpgsql as $$
  declare
    held boolean;
    holds boolean;
  begin
    if new.kind = 'content' then
      held := old.status in ('pending', 'requires_action', 'paid');
      holds := new.status in ('pending', 'requires_action', 'paid');
      if held and not holds then
        delete from content_ownership where buyer_id = old.buyer_id and content_id = old.content_id and purchase_id = old.id;
      elsif holds and not held then
        insert into content_ownership values (new.buyer_id, new.content_id, new.id, new.created_at);
      end if;
    elsif new.kind = 'subscription' then
      held := old.status in ('pending', 'requires_action');
      holds := new.status in ('pending', 'requires_action');
      if held and not holds then
        delete from open_subscription_payments where buyer_id = old.buyer_id and store_id = old.store_id and purchase_id = old.id;
      elsif holds and not held then
        insert into open_subscription_payments values (new.buyer_id, new.store_id, new.id, new.created_at);
      end if;
    end if;
    return null;
  end $$`;
