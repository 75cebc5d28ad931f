import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobHandler, type JobProcessor } from '../jobs/job-handler.js';
import { addMonthlyPartitions, monthlyPartitionedTables } from './repositories/monthly-partitions.repository.js';

/**
 * Keeps every table registered in monthly_partitioned_tables (monthlyPartitionsSql) its months ahead,
 * and moves rows that landed in a default partition into their month. One transaction per table: a
 * table's short lock never waits on another's. The SQL function is idempotent and takes its own lock.
 */
@Injectable()
@JobHandler('moderation', 'keep-partitions')
export class KeepPartitionsJob implements JobProcessor<'moderation', 'keep-partitions'> {
  private readonly logger = new Logger(KeepPartitionsJob.name);

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  /** Partitions added per table. */
  async handle(): Promise<Record<string, number>> {
    const added: Record<string, number> = {};
    for (const table of await monthlyPartitionedTables(this.orm.em.fork()))
      added[table] = await this.orm.em.fork().transactional((em) => addMonthlyPartitions(em, table));
    const made = Object.entries(added).filter(([, count]) => count > 0);
    if (made.length)
      this.logger.log(`partitions added: ${made.map(([table, count]) => `${table} ${count}`).join(', ')}`);
    return added;
  }
}
