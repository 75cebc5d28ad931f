import { Migration } from '@mikro-orm/migrations';

const LIVE = `('pending', 'requires_action', 'paid')`;

/**
 * Purchases of pay-to-unlock posts (issue 35): kind 'post' names the post in `post_id` (in posts;
 * commerce only keeps the reference). One live purchase per buyer and post, as message_ownership does
 * for messages: the side table `post_ownership` (constraint purchases_owned_post, the name the checkout
 * reads), kept by the claim and status triggers, whose functions are replaced here with the post branch added.
 */
export class Migration20261207190000PostPurchases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table purchases drop constraint purchases_kind_check`);
    this.addSql(`
      alter table purchases
        add column post_id uuid null,
        add constraint purchases_kind_check check (kind in ('content', 'subscription', 'tip', 'message', 'message_fee', 'post')),
        add constraint purchases_post_ref check ((kind = 'post') = (post_id is not null))`);
    this.addSql(`
      create table post_ownership (
        buyer_id uuid not null,
        post_id uuid not null,
        purchase_id uuid not null,
        purchase_created_at timestamptz not null,
        constraint purchases_owned_post primary key (buyer_id, post_id)
      )`);
    this.addSql(PURCHASES_CLAIM_SQL);
    this.addSql(PURCHASES_FOLLOW_STATUS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from purchases where kind = 'post'`);
    this.addSql(`drop table post_ownership`);
    this.addSql(`alter table purchases drop constraint purchases_kind_check, drop constraint purchases_post_ref`);
    this.addSql(`alter table purchases drop column post_id`);
    this.addSql(
      `alter table purchases add constraint purchases_kind_check check (kind in ('content', 'subscription', 'tip', 'message', 'message_fee'))`,
    );
    // The functions as 20261205110000 wrote them, without the post branch.
    this.addSql(PURCHASES_CLAIM_SQL.replace(POST_CLAIM, ''));
    this.addSql(PURCHASES_FOLLOW_STATUS_SQL.replace(POST_FOLLOW, ''));
  }
}

const POST_CLAIM = `
    elsif new.kind = 'post' and new.status in ${LIVE} then
      insert into post_ownership values (new.buyer_id, new.post_id, new.id, new.created_at);`;

/** Before a purchase is written: its Idempotency-Key, then what it holds while live (an item, a message, a post, a subscription in flight). */
const PURCHASES_CLAIM_SQL = `
  create or replace function purchases_claim() returns trigger language plpgsql as $$
  begin
    insert into purchase_idempotency values (new.buyer_id, new.idempotency_key, new.id, new.created_at) on conflict do nothing;
    if not found then
      return null;
    end if;
    if new.kind = 'content' and new.status in ${LIVE} then
      insert into content_ownership values (new.buyer_id, new.content_id, new.id, new.created_at);
    elsif new.kind in ('message', 'message_fee') and new.status in ${LIVE} then
      insert into message_ownership values (new.buyer_id, new.message_id, new.id, new.created_at);${POST_CLAIM}
    elsif new.kind = 'subscription' and new.status in ('pending', 'requires_action') then
      insert into open_subscription_payments values (new.buyer_id, new.store_id, new.id, new.created_at);
    end if;
    return new;
  end $$`;

const POST_FOLLOW = `
    elsif new.kind = 'post' then
      held := old.status in ${LIVE};
      holds := new.status in ${LIVE};
      if held and not holds then
        delete from post_ownership where buyer_id = old.buyer_id and post_id = old.post_id and purchase_id = old.id;
      elsif holds and not held then
        insert into post_ownership values (new.buyer_id, new.post_id, new.id, new.created_at);
      end if;`;

/** After a status change, in its statement: a purchase that stops holding frees the hold; one that starts (a late capture) takes it. */
const PURCHASES_FOLLOW_STATUS_SQL = `
  create or replace function purchases_follow_status() returns trigger language plpgsql as $$
  declare
    held boolean;
    holds boolean;
  begin
    if new.kind = 'content' then
      held := old.status in ${LIVE};
      holds := new.status in ${LIVE};
      if held and not holds then
        delete from content_ownership where buyer_id = old.buyer_id and content_id = old.content_id and purchase_id = old.id;
      elsif holds and not held then
        insert into content_ownership values (new.buyer_id, new.content_id, new.id, new.created_at);
      end if;
    elsif new.kind in ('message', 'message_fee') then
      held := old.status in ${LIVE};
      holds := new.status in ${LIVE};
      if held and not holds then
        delete from message_ownership where buyer_id = old.buyer_id and message_id = old.message_id and purchase_id = old.id;
      elsif holds and not held then
        insert into message_ownership values (new.buyer_id, new.message_id, new.id, new.created_at);
      end if;${POST_FOLLOW}
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
