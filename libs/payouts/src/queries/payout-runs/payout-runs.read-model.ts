import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';

/** The month-end runs for the staff console. */
@Injectable()
export class PayoutRuns {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async list() {
    const rows = await this.orm.em.fork().execute<Record<string, string | number | Date | null>[]>(
      `select r.id, r.period, r.cutoff, r.batches, r.started_at, r.finished_at,
              (select count(*) from payout_run_batches b where b.run_id = r.id and b.status = 'done')::int as batches_done,
              (select count(*) from payouts p where p.run_id = r.id)::int as payouts
         from payout_runs r order by r.period desc limit 36`,
    );
    return rows.map((row) => ({
      id: String(row.id),
      period: String(row.period),
      cutoff: row.cutoff instanceof Date ? row.cutoff.toISOString().slice(0, 10) : String(row.cutoff).slice(0, 10),
      batches: Number(row.batches),
      batchesDone: Number(row.batches_done),
      payouts: Number(row.payouts),
      startedAt: new Date(row.started_at as Date).toISOString(),
      finishedAt: row.finished_at ? new Date(row.finished_at as Date).toISOString() : null,
    }));
  }
}
