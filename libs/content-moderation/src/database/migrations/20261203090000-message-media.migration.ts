import { Migration } from '@mikro-orm/migrations';

/**
 * Messaging reuses the upload and review pipeline (issue 22): an item made for a message is reviewed
 * like any other, but never shown in the store or sold ('message'). Members report messages and
 * conversations; their cases name them as subjects.
 */
export class Migration20261203090000MessageMedia extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table content_items add column purpose text not null default 'store' check (purpose in ('store', 'message'))`,
    );
    this.addSql(`alter table moderation_cases drop constraint moderation_cases_subject_type_check`);
    this.addSql(
      `alter table moderation_cases add constraint moderation_cases_subject_type_check check (subject_type in ('content', 'store', 'account', 'message', 'conversation'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table moderation_cases drop constraint moderation_cases_subject_type_check`);
    this.addSql(
      `alter table moderation_cases add constraint moderation_cases_subject_type_check check (subject_type in ('content', 'store', 'account'))`,
    );
    this.addSql(`alter table content_items drop column purpose`);
  }
}
