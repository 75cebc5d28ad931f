import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Outbox, uuidV7 } from '#app/platform';
import { cutoffOf } from '../../domain/calendar.js';
import { Ledger } from '../../ledger/ledger.repository.js';
import { PayoutRepository } from '../../repositories/payout.repository.js';
import { PayoutRunRepository } from '../../repositories/payout-run.repository.js';
import { payoutsOfClose } from './payouts-of-close.js';

export const DEFAULT_BATCH_SIZE = 10_000;
export const DEFAULT_CONCURRENCY = 2;
const NO_UPPER_BOUND = '9223372036854775807';

export interface RunSummary {
  runId: string;
  period: string;
  cutoff: string;
  batches: number;
  /** Batches this call closed (others were closed before, or by another worker). */
  closedHere: number;
  finished: boolean;
}

export interface RunOptions {
  batchSize?: number;
  worker?: string;
  concurrency?: number;
  onBatch?: (batchNo: number) => void;
}

interface Close {
  runId: string;
  period: string;
  cutoff: string;
  now: Date;
  worker: string;
  onBatch?: (batchNo: number) => void;
}

/**
 * The month-end close (SPEC §4/§9): for every payee, pending earnings due by the period's last
 * calendar day move to the current balance, and a positive current balance is paid out to the
 * payee's payout method. Payees are split into ranges of pending-account ids ("batches"); each batch closes in one
 * transaction that also marks it done, and workers claim batches with SKIP LOCKED. A retried job,
 * two workers, or a worker killed mid-run therefore close every batch exactly once; the
 * idempotency keys and the payouts unique key are the backstop.
 */
@Injectable()
export class MonthEndClose {
  private readonly logger = new Logger(MonthEndClose.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(PayoutRunRepository) private readonly runs: PayoutRunRepository,
    @Inject(PayoutRepository) private readonly payouts: PayoutRepository,
  ) {}

  async run(period: string, now: Date, options: RunOptions = {}): Promise<RunSummary> {
    const cutoff = cutoffOf(period);
    const { runId, batches } = await this.orm.em.fork().transactional(async (em) => {
      await this.ledger.openTransitAccounts(em);
      return this.runs.open(em, { period, cutoff, batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE, now });
    });
    const close: Close = {
      runId,
      period,
      cutoff,
      now,
      worker: options.worker ?? `pid:${process.pid}`,
      onBatch: options.onBatch,
    };
    let closedHere = 0;
    // Several claimers keep every database core busy; SKIP LOCKED gives each its own batches.
    const claimer = async () => {
      while (await this.closeNextBatch(close)) closedHere++;
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) }, claimer));
    const finished = await this.runs.finishIfDone(this.orm.em.fork(), runId, now);
    this.logger.log(
      `month-end ${period}: ${closedHere} of ${batches} batches closed here${finished ? ', run finished' : ''}`,
    );
    return { runId, period, cutoff, batches, closedHere, finished };
  }

  /** Runs that started but still have open batches (a worker died): finish them. */
  async resumeUnfinished(now: Date): Promise<RunSummary[]> {
    const summaries: RunSummary[] = [];
    for (const period of await this.runs.unfinishedPeriods(this.orm.em.fork()))
      summaries.push(await this.run(period, now));
    return summaries;
  }

  async hasRun(period: string): Promise<boolean> {
    return this.runs.hasRun(this.orm.em.fork(), period);
  }

  /** Claims one open batch, closes it and marks it done, all in one transaction; false when none is left. */
  private async closeNextBatch(close: Close): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const batch = await this.runs.claimOpenBatch(em, close.runId);
      if (!batch) return false;
      const closed = await this.ledger.closeBatch(em, {
        ...close,
        firstAccount: batch.firstAccount,
        beforeAccount: batch.beforeAccount ?? NO_UPPER_BOUND,
      });
      const payouts = payoutsOfClose(closed.payable, {
        ...close,
        batchNo: batch.batchNo,
        newId: () => uuidV7(new Date()),
      });
      const added = await this.payouts.addAll(em, payouts);
      await this.runs.markBatchDone(em, {
        runId: close.runId,
        batchNo: batch.batchNo,
        payees: closed.payees,
        worker: close.worker,
        now: close.now,
      });
      if (added > 0)
        this.outbox.enqueue(em, 'payouts', 'dispatch-payouts', { runId: close.runId, batchNo: batch.batchNo });
      await em.flush();
      close.onBatch?.(batch.batchNo);
      return true;
    });
  }
}
