import { Migration } from '@mikro-orm/migrations';

export class Migration20261125130000ScheduleTicks extends Migration {
  override async up(): Promise<void> {
    // One row per recurring job and queue namespace: the latest period a tick enqueued. Workers
    // ticking together race on it, and only a strictly later period wins, so a period's job is
    // enqueued once even after BullMQ has removed it as completed.
    this.addSql(`
      create table schedule_ticks (
        schedule text primary key,
        period_start timestamptz not null,
        job_id text not null,
        ticked_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists schedule_ticks`);
  }
}
