import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Transactions, type Tx } from './tx.js';

/** A PostgreSQL transaction on a fresh entity manager: everything the work does commits together, or nothing does. */
@Injectable()
export class OrmTransactions extends Transactions {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional((em) => work(em));
  }
}
