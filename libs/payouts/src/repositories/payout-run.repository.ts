import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface OpenedRun {
  runId: string;
  batches: number;
}

/** A range of pending-earnings account ids closed together; `beforeAccount` null: no upper bound (the last batch). */
export interface RunBatch {
  batchNo: number;
  firstAccount: string;
  beforeAccount: string | null;
}

/**
 * The one writer of the month-end runs and their batches (`payout_runs`, `payout_run_batches`).
 * A run is created once per period; its batches are claimed with SKIP LOCKED, so each closes once.
 */
@Injectable()
export class PayoutRunRepository {
  /** Creates the run and its batches once (the unique period makes a racing second creator wait, then read). */
  async open(
    em: EntityManager,
    args: { period: string; cutoff: string; batchSize: number; now: Date },
  ): Promise<OpenedRun> {
    const { period, cutoff, batchSize, now } = args;
    const created = await em.execute<{ id: string }[]>(
      `insert into payout_runs (id, period, cutoff, batches, started_at) values (?, ?, ?, 0, ?) on conflict (period) do nothing returning id`,
      [randomUUID(), period, cutoff, now],
    );
    if (created.length === 0) {
      const [run] = await em.execute<{ id: string; batches: number }[]>(
        `select id, batches from payout_runs where period = ?`,
        [period],
      );
      return { runId: run.id, batches: run.batches };
    }
    const runId = created[0].id;
    const bounds = await em.execute<{ id: string }[]>(
      `select id from (select id, row_number() over (order by id) as n from ledger_accounts where kind = 'earnings_pending') numbered
        where n > 1 and (n - 1) % ? = 0 order by id`,
      [batchSize],
    );
    const starts = ['0', ...bounds.map((row) => String(row.id))];
    const batches = starts.map((first, index) => ({
      batch_no: index + 1,
      first_account: first,
      before_account: starts[index + 1] ?? null,
    }));
    await em.execute(
      `insert into payout_run_batches (run_id, batch_no, first_account, before_account)
       select ?, b.batch_no, b.first_account, b.before_account
         from jsonb_to_recordset(?::jsonb) as b(batch_no int, first_account bigint, before_account bigint)`,
      [runId, JSON.stringify(batches)],
    );
    await em.execute(`update payout_runs set batches = ? where id = ?`, [starts.length, runId]);
    return { runId, batches: starts.length };
  }

  /** The next open batch, held for this transaction (another claimer skips it); null when none is left. */
  async claimOpenBatch(em: EntityManager, runId: string): Promise<RunBatch | null> {
    const [batch] = await em.execute<{ batch_no: number; first_account: string; before_account: string | null }[]>(
      `select batch_no, first_account, before_account from payout_run_batches
        where run_id = ? and status = 'open' order by batch_no limit 1 for update skip locked`,
      [runId],
    );
    if (!batch) return null;
    const beforeAccount = batch.before_account === null ? null : String(batch.before_account);
    return { batchNo: batch.batch_no, firstAccount: String(batch.first_account), beforeAccount };
  }

  async markBatchDone(
    em: EntityManager,
    args: { runId: string; batchNo: number; payees: number; worker: string; now: Date },
  ): Promise<void> {
    await em.execute(
      `update payout_run_batches set status = 'done', payees = ?, processed_by = ?, processed_at = ? where run_id = ? and batch_no = ?`,
      [args.payees, args.worker, args.now, args.runId, args.batchNo],
    );
  }

  /** Marks the run finished once no batch is open; true when it is finished (now or before). */
  async finishIfDone(em: EntityManager, runId: string, now: Date): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update payout_runs set finished_at = ? where id = ? and finished_at is null
          and not exists (select 1 from payout_run_batches where run_id = ? and status = 'open') returning id`,
      [now, runId, runId],
    );
    if (rows.length > 0) return true;
    return (await em.execute(`select 1 from payout_runs where id = ? and finished_at is not null`, [runId])).length > 0;
  }

  /** Periods whose run started but still has open batches (a worker died), oldest first. */
  async unfinishedPeriods(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<{ period: string }[]>(
      `select period from payout_runs where finished_at is null order by period`,
    );
    return rows.map((row) => row.period);
  }

  async hasRun(em: EntityManager, period: string): Promise<boolean> {
    return (await em.execute(`select 1 from payout_runs where period = ?`, [period])).length > 0;
  }
}
