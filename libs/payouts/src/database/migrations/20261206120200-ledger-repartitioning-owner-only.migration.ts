import { Migration } from '@mikro-orm/migrations';

const refuseChange = (allowed: string) => `
  create or replace function ledger_refuse_change() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' and tg_level = 'ROW' and tg_table_name like '%\\_default' and ${allowed} then
      return old;
    end if;
    raise exception 'ledger rows are immutable: % on % refused (post a correcting transaction instead)', tg_op, tg_table_name using errcode = '55000';
  end $$`;

/** The ledger's move out of a default partition, like the audit log's, is the partition keeper's alone (repartitioning_allowed). */
export class Migration20261206120200LedgerRepartitioningOwnerOnly extends Migration {
  override async up(): Promise<void> {
    this.addSql(refuseChange('repartitioning_allowed(tg_relid)'));
  }

  override async down(): Promise<void> {
    this.addSql(refuseChange(`current_setting('fanmint.repartitioning', true) = 'on'`));
  }
}
