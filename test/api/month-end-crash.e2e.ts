import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { SEED_PAYEES_SQL, SEED_SALES_SQL } from '#app/payouts';
import { testDatabaseUrl } from '#app/testing';

/**
 * Exactly-once month-end payouts with real processes: the operator command
 * (dist/apps/worker/src/month-end.js, built by `npm test` before jest) is killed with SIGKILL
 * part-way through a run and started again; then two are started together.
 */
const CLI = join(process.cwd(), 'dist/apps/worker/src/month-end.js');
const PAYEES = 4000;
const BATCH = 50;
const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
const payees = Array.from({ length: PAYEES }, () => randomUUID());

function monthEnd(period: string, at: string): ChildProcess & { done: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, '--period', period, '--at', at, '--batch-size', String(BATCH)], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      PUBLIC_URL: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void done.then(
    (code) => code !== 0 && code !== null && process.stderr.write(`month-end exited ${code}: ${output}\n`),
  );
  return Object.assign(child, { done });
}

async function seedSales(count: number, releaseOn: string, occurredAt: string) {
  await pool.query(
    `insert into ledger_accounts (owner_id, kind, currency) values (null, 'provider_clearing', 'EUR'), (null, 'platform_revenue', 'EUR') on conflict do nothing`,
  );
  const { rows } = await pool.query<{ id: string; kind: string }>(
    `select id, kind from ledger_accounts where owner_id is null and currency = 'EUR' and kind in ('provider_clearing', 'platform_revenue')`,
  );
  const account = (kind: string) => rows.find((row) => row.kind === kind)!.id;
  for (let start = 0; start < payees.length; start += 1000) {
    await pool.query(SEED_SALES_SQL, [
      JSON.stringify(payees.slice(start, start + 1000)),
      'EUR',
      count,
      1000,
      releaseOn,
      occurredAt,
      account('provider_clearing'),
      account('platform_revenue'),
    ]);
  }
}

async function payoutsOf(period: string) {
  const { rows } = await pool.query<{ payee_id: string; n: number; total: string }>(
    `select payee_id, count(*)::int as n, sum(amount_minor) as total from payouts where period = $1 and payee_id = any($2::uuid[]) group by payee_id`,
    [period, payees],
  );
  return rows;
}

async function batchesDone(period: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from payout_run_batches b join payout_runs r on r.id = b.run_id where r.period = $1 and b.status = 'done'`,
    [period],
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build:server\` (npm test does it before jest)`);
  for (let start = 0; start < payees.length; start += 1000)
    await pool.query(SEED_PAYEES_SQL, [JSON.stringify(payees.slice(start, start + 1000)), 'EUR']);
});

afterAll(async () => {
  // The command has no outbox relay: its dispatch requests would be relayed by the next suite's
  // worker and pay these synthetic payees inside another suite's drain. They are done with here.
  await pool.query(
    `update outbox_message set published_at = now() where published_at is null and queue = 'payouts' and job_name = 'dispatch-payouts'
        and payload->>'runId' in (select id::text from payout_runs where period in ('2032-01', '2032-02'))`,
  );
  await pool.end();
});

describe('month-end payouts run exactly once', () => {
  it('pays every payee once when the worker is killed with SIGKILL part-way and started again', async () => {
    await seedSales(3, '2032-01-31', '2032-01-05T10:00:00Z');
    const first = monthEnd('2032-01', '2032-01-31T23:00:00Z');
    const deadline = Date.now() + 60_000;
    while ((await batchesDone('2032-01')) < 5) {
      if (Date.now() > deadline) throw new Error('the first run closed no batches');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.kill('SIGKILL');
    expect(await first.done).toBeNull();
    const closedBeforeKill = await batchesDone('2032-01');
    const {
      rows: [run],
    } = await pool.query<{ batches: number; finished_at: Date | null }>(
      `select batches, finished_at from payout_runs where period = '2032-01'`,
    );
    expect(run.finished_at).toBeNull();
    expect(closedBeforeKill).toBeLessThan(run.batches);

    const second = monthEnd('2032-01', '2032-01-31T23:00:00Z');
    expect(await second.done).toBe(0);
    const paid = await payoutsOf('2032-01');
    expect(paid).toHaveLength(PAYEES);
    expect(paid.every((row) => row.n === 1 && Number(row.total) === 3 * 750)).toBe(true);
    const {
      rows: [after],
    } = await pool.query<{ finished: boolean; open: number }>(
      `select r.finished_at is not null as finished, (select count(*)::int from payout_run_batches b where b.run_id = r.id and b.status = 'open') as open from payout_runs r where r.period = '2032-01'`,
    );
    expect(after).toEqual({ finished: true, open: 0 });
    const { rows: twice } = await pool.query(
      `select payee_id from ledger_transactions where kind = 'month_end' and release_on = '2032-01-31' and payee_id = any($1::uuid[]) group by payee_id having count(*) <> 1`,
      [payees],
    );
    expect(twice).toEqual([]);
  });

  it('pays every payee once when two workers run the same close together', async () => {
    await seedSales(2, '2032-02-29', '2032-02-03T10:00:00Z');
    const workers = [monthEnd('2032-02', '2032-02-29T23:00:00Z'), monthEnd('2032-02', '2032-02-29T23:00:00Z')];
    expect(await Promise.all(workers.map((worker) => worker.done))).toEqual([0, 0]);
    const paid = await payoutsOf('2032-02');
    expect(paid).toHaveLength(PAYEES);
    expect(paid.every((row) => row.n === 1 && Number(row.total) === 2 * 750)).toBe(true);
    const { rows: unbalanced } = await pool.query(
      `select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0 limit 1`,
    );
    expect(unbalanced).toEqual([]);
    const { rows: byWorker } = await pool.query<{ processed_by: string; n: number }>(
      `select b.processed_by, count(*)::int as n from payout_run_batches b join payout_runs r on r.id = b.run_id where r.period = '2032-02' group by b.processed_by`,
    );
    // Both processes claimed batches from the same run (SKIP LOCKED), and none twice: the counts add up.
    expect(byWorker.reduce((sum, row) => sum + row.n, 0)).toBe(
      (await pool.query(`select batches from payout_runs where period = '2032-02'`)).rows[0].batches,
    );
  });
});
