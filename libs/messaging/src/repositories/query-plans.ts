import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * No JIT for the rest of the caller's transaction (from profiling the 100,000-fan bench,
 * bench/RESULTS.md): a fan-out page's statements are a thousand index lookups each, but their cost
 * estimates follow the statistics of tables that just grew (a creator's new conversations) and
 * cross jit_above_cost; compiling took longer than running them (270 ms of JIT for a 13 ms query).
 */
export async function withoutJit(tx: EntityManager): Promise<void> {
  await tx.execute(`select set_config('jit', 'off', true)`);
}
