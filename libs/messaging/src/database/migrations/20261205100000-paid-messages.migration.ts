import { Migration } from '@mikro-orm/migrations';

/**
 * Paid messages' own columns of `messages` (issue 22): a message's kind ('tip': a fan's tip shown in
 * the thread, its amount in tip_minor/tip_currency, its text the fan's note) and its delivery status
 * ('awaiting_payment': a fan's message to a creator who charges per message, held until paid; only
 * its sender sees it).
 */
export class Migration20261205100000PaidMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table messages
        add column kind text not null default 'message' check (kind in ('message', 'tip')),
        add column tip_minor bigint null check (tip_minor > 0),
        add column tip_currency char(3) null,
        add column status text not null default 'sent' check (status in ('sent', 'awaiting_payment')),
        add constraint messages_tip_amount check ((kind = 'tip') = (tip_minor is not null and tip_currency is not null))`);
    // A tip message has no body of its own when the fan wrote no note.
    this.addSql(`alter table messages drop constraint messages_check1`);
    this.addSql(
      `alter table messages add constraint messages_not_empty check (body <> '' or attachment_count > 0 or kind = 'tip')`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from messages where kind = 'tip'`);
    this.addSql(`alter table messages drop constraint messages_not_empty`);
    this.addSql(`alter table messages add constraint messages_check1 check (body <> '' or attachment_count > 0)`);
    this.addSql(
      `alter table messages drop constraint messages_tip_amount, drop column kind, drop column tip_minor, drop column tip_currency, drop column status`,
    );
  }
}
