import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Outbox } from '#app/platform';
import { cutoffOf } from '../../domain/calendar.js';
import { CLOSE_BATCH_SQL } from './close-batch.sql.js';

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

interface BatchRow {
  batch_no: number;
  first_account: string;
  before_account: string | null;
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
  ) {}

  async run(period: string, now: Date, options: { batchSize?: number; worker?: string; concurrency?: number; onBatch?: (batchNo: number) => void } = {}): Promise<RunSummary> {
    const { runId, batches, cutoff } = await this.open(period, now, options.batchSize ?? DEFAULT_BATCH_SIZE);
    let closedHere = 0;
    // Several claimers keep every database core busy; SKIP LOCKED gives each its own batches.
    const claimer = async () => {
      while (await this.closeNextBatch(runId, period, cutoff, now, options.worker ?? `pid:${process.pid}`, options.onBatch)) closedHere++;
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) }, claimer));
    const finished = await this.finishIfDone(runId, now);
    this.logger.log(`month-end ${period}: ${closedHere} of ${batches} batches closed here${finished ? ', run finished' : ''}`);
    return { runId, period, cutoff, batches, closedHere, finished };
  }

  /** Runs that started but still have open batches (a worker died): finish them. */
  async resumeUnfinished(now: Date): Promise<RunSummary[]> {
    const runs = await this.orm.em.fork().execute<{ period: string }[]>(`select period from payout_runs where finished_at is null order by period`);
    const summaries: RunSummary[] = [];
    for (const { period } of runs) summaries.push(await this.run(period, now));
    return summaries;
  }

  async hasRun(period: string): Promise<boolean> {
    return (await this.orm.em.fork().execute(`select 1 from payout_runs where period = ?`, [period])).length > 0;
  }

  /** Creates the run and its batches once (the unique period makes a racing second creator wait, then read). */
  private async open(period: string, now: Date, batchSize: number): Promise<{ runId: string; batches: number; cutoff: string }> {
    const cutoff = cutoffOf(period);
    return this.orm.em.fork().transactional(async (em) => {
      const created = await em.execute<{ id: string }[]>(
        `insert into payout_runs (id, period, cutoff, batches, started_at) values (?, ?, ?, 0, ?) on conflict (period) do nothing returning id`,
        [randomUUID(), period, cutoff, now],
      );
      if (created.length === 0) {
        const [run] = await em.execute<{ id: string; batches: number }[]>(`select id, batches from payout_runs where period = ?`, [period]);
        return { runId: run.id, batches: run.batches, cutoff };
      }
      const runId = created[0].id;
      // Every currency that has earnings gets its in-transit account before any batch needs it.
      await em.execute(
        `insert into ledger_accounts (owner_id, kind, currency)
         select distinct null::uuid, 'payouts_in_transit', currency from ledger_accounts where kind = 'earnings_pending'
         on conflict do nothing`,
      );
      const bounds = await em.execute<{ id: string }[]>(
        `select id from (select id, row_number() over (order by id) as n from ledger_accounts where kind = 'earnings_pending') numbered
          where n > 1 and (n - 1) % ? = 0 order by id`,
        [batchSize],
      );
      const starts = ['0', ...bounds.map((row) => String(row.id))];
      await em.execute(
        `insert into payout_run_batches (run_id, batch_no, first_account, before_account)
         select ?, b.batch_no, b.first_account, b.before_account from jsonb_to_recordset(?::jsonb) as b(batch_no int, first_account bigint, before_account bigint)`,
        [runId, JSON.stringify(starts.map((first, index) => ({ batch_no: index + 1, first_account: first, before_account: starts[index + 1] ?? null })))],
      );
      await em.execute(`update payout_runs set batches = ? where id = ?`, [starts.length, runId]);
      return { runId, batches: starts.length, cutoff };
    });
  }

  /** Claims one open batch, closes it and marks it done, all in one transaction; false when none is left. */
  private async closeNextBatch(runId: string, period: string, cutoff: string, now: Date, worker: string, onBatch?: (batchNo: number) => void): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const [batch] = await em.execute<BatchRow[]>(
        `select batch_no, first_account, before_account from payout_run_batches
          where run_id = ? and status = 'open' order by batch_no limit 1 for update skip locked`,
        [runId],
      );
      if (!batch) return false;
      const [result] = await this.closeBatch(em, { runId, period, cutoff, now, batch });
      await em.execute(`update payout_run_batches set status = 'done', payees = ?, processed_by = ?, processed_at = ? where run_id = ? and batch_no = ?`, [
        result.payees,
        worker,
        now,
        runId,
        batch.batch_no,
      ]);
      if (result.payouts > 0) this.outbox.enqueue(em, 'payouts', 'dispatch-payouts', { runId, batchNo: batch.batch_no });
      await em.flush();
      onBatch?.(batch.batch_no);
      return true;
    });
  }

  private closeBatch(em: EntityManager, args: { runId: string; period: string; cutoff: string; now: Date; batch: BatchRow }) {
    const { runId, period, cutoff, now, batch } = args;
    return em.execute<{ payees: number; payouts: number }[]>(CLOSE_BATCH_SQL, [
      batch.first_account,
      batch.before_account ?? NO_UPPER_BOUND,
      cutoff,
      period,
      cutoff,
      `Month-end close ${period}`,
      now,
      runId,
      batch.batch_no,
      period,
      now,
    ]);
  }

  private async finishIfDone(runId: string, now: Date): Promise<boolean> {
    const rows = await this.orm.em
      .fork()
      .execute<{ id: string }[]>(
        `update payout_runs set finished_at = ? where id = ? and finished_at is null and not exists (select 1 from payout_run_batches where run_id = ? and status = 'open') returning id`,
        [now, runId, runId],
      );
    if (rows.length > 0) return true;
    return (await this.orm.em.fork().execute(`select 1 from payout_runs where id = ? and finished_at is not null`, [runId])).length > 0;
  }
}
