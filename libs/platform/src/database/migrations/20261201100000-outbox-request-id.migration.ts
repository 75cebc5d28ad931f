import { Migration } from '@mikro-orm/migrations';

export class Migration20261201100000OutboxRequestId extends Migration {
  override async up(): Promise<void> {
    // The request that wrote a row: the relay puts it on the job, so the job's logs name that request.
    this.addSql(`alter table outbox_message add column if not exists request_id text`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table outbox_message drop column if exists request_id`);
  }
}
