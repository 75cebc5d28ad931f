import { Migration } from '@mikro-orm/migrations';

const LIVE = `('pending', 'requires_action', 'paid')`;

/**
 * Purchases of paid messages (issue 22): 'message' unlocks a creator's priced message for its
 * recipient, 'message_fee' pays a creator's price per message for a fan's held message, and a tip
 * may name the conversation it is shown in. `message_id`/`message_created_at` name the message (in
 * messaging; commerce only keeps the reference), `conversation_id` its conversation.
 *
 * One live purchase per buyer and message, as content_ownership does for items: the side table
 * `message_ownership` (constraint purchases_owned_message, the name the checkout reads), kept by the
 * claim and status triggers, whose functions are replaced here with the message kinds added.
 */
export class Migration20261205110000MessagePurchases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table purchases drop constraint purchases_kind_check`);
    this.addSql(`
      alter table purchases
        add column message_id uuid null,
        add column message_created_at timestamptz null,
        add column conversation_id uuid null,
        add constraint purchases_kind_check check (kind in ('content', 'subscription', 'tip', 'message', 'message_fee')),
        add constraint purchases_message_ref check ((kind in ('message', 'message_fee')) = (message_id is not null and message_created_at is not null and conversation_id is not null)),
        add constraint purchases_conversation_ref check (conversation_id is null or kind in ('tip', 'message', 'message_fee'))`);
    this.addSql(`
      create table message_ownership (
        buyer_id uuid not null,
        message_id uuid not null,
        purchase_id uuid not null,
        purchase_created_at timestamptz not null,
        constraint purchases_owned_message primary key (buyer_id, message_id)
      )`);
    this.addSql(PURCHASES_CLAIM_SQL);
    this.addSql(PURCHASES_FOLLOW_STATUS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from purchases where kind in ('message', 'message_fee')`);
    this.addSql(`drop table message_ownership`);
    this.addSql(
      `alter table purchases drop constraint purchases_kind_check, drop constraint purchases_message_ref, drop constraint purchases_conversation_ref`,
    );
    this.addSql(
      `alter table purchases drop column message_id, drop column message_created_at, drop column conversation_id`,
    );
    this.addSql(
      `alter table purchases add constraint purchases_kind_check check (kind in ('content', 'subscription', 'tip'))`,
    );
    // The functions as 20261202110000 wrote them, without the message branch.
    this.addSql(PURCHASES_CLAIM_SQL.replace(MESSAGE_CLAIM, ''));
    this.addSql(PURCHASES_FOLLOW_STATUS_SQL.replace(MESSAGE_FOLLOW, ''));
  }
}

const MESSAGE_CLAIM = `
    elsif new.kind in ('message', 'message_fee') and new.status in ${LIVE} then
      insert into message_ownership values (new.buyer_id, new.message_id, new.id, new.created_at);`;

/** Before a purchase is written: its Idempotency-Key, then what it holds while live (an item, a message, a subscription in flight). */
const PURCHASES_CLAIM_SQL = `
  create or replace function purchases_claim() returns trigger language plpgsql as $$
  begin
    insert into purchase_idempotency values (new.buyer_id, new.idempotency_key, new.id, new.created_at) on conflict do nothing;
    if not found then
      return null;
    end if;
    if new.kind = 'content' and new.status in ${LIVE} then
      insert into content_ownership values (new.buyer_id, new.content_id, new.id, new.created_at);${MESSAGE_CLAIM}
    elsif new.kind = 'subscription' and new.status in ('pending', 'requires_action') then
      insert into open_subscription_payments values (new.buyer_id, new.store_id, new.id, new.created_at);
    end if;
    return new;
  end $$`;

const MESSAGE_FOLLOW = `
    elsif new.kind in ('message', 'message_fee') then
      held := old.status in ${LIVE};
      holds := new.status in ${LIVE};
      if held and not holds then
        delete from message_ownership where buyer_id = old.buyer_id and message_id = old.message_id and purchase_id = old.id;
      elsif holds and not held then
        insert into message_ownership values (new.buyer_id, new.message_id, new.id, new.created_at);
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
      end if;${MESSAGE_FOLLOW}
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
