import type { EntityManager } from '@mikro-orm/postgresql';

/** The tables registered with the daily keep-partitions job, by name. */
export async function monthlyPartitionedTables(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ parent_table: string }[]>(
    `select parent_table from monthly_partitioned_tables order by parent_table`,
  );
  return rows.map((row) => row.parent_table);
}

/**
 * Adds a table's missing months ahead and moves rows out of its default partition (the SQL function
 * monthly_partitions_add, idempotent, takes its own lock); how many partitions it added.
 */
export async function addMonthlyPartitions(em: EntityManager, table: string): Promise<number> {
  const [row] = await em.execute<{ added: number }[]>(`select monthly_partitions_add(?) as added`, [table]);
  return row.added;
}
