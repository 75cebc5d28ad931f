import type { EntityManager } from '@mikro-orm/postgresql';

/** Handed to an in-memory adapter in place of a database transaction: its state lives in the process. */
export const IN_MEMORY: unique symbol = Symbol('in-memory transaction');

/**
 * The transaction a use case acts in. The PostgreSQL adapters read and write through its entity
 * manager (so a check and the write it guards commit together); the in-memory adapters need none.
 */
export type Tx = EntityManager | typeof IN_MEMORY;

export function entityManagerOf(tx: Tx): EntityManager {
  if (tx === IN_MEMORY) throw new Error('a PostgreSQL adapter was called outside a database transaction');
  return tx;
}

/** Runs a use case's work in one transaction. */
export abstract class Transactions {
  abstract run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** No database: the work runs against in-memory adapters. */
export class InMemoryTransactions extends Transactions {
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return work(IN_MEMORY);
  }
}
