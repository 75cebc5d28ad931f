import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SEED_PAYEES_SQL, SEED_SALES_SQL } from '#app/payouts';
import { startCluster, waitFor, type Cluster } from '#app/testing';

/** Recurring jobs and the month-end close with two real worker processes on one database and Redis. */
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({ apis: 1, workers: 2, acquirer: false });
  // Every run of the deadline watch updates moderation_cases twice in one transaction (zero rows
  // or more); a statement trigger notes each transaction, so PostgreSQL itself counts the runs.
  await cluster.db.query(`
    create table cluster_probe_runs (txid bigint not null, at timestamptz not null default clock_timestamp());
    create function cluster_probe_note() returns trigger language plpgsql as $$
      begin insert into cluster_probe_runs (txid) values (txid_current()); return null; end $$;
    create trigger cluster_probe after update on moderation_cases for each statement execute function cluster_probe_note();`);
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined | false>,
): Promise<T> {
  return (await waitFor(probe, { timeoutMs, intervalMs: 100, what })) as T;
}

/** The month before `now` (UTC) and its last day: the month-end job closes a month it finds unclosed. */
function previousMonth(now = new Date()) {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { period: lastDay.toISOString().slice(0, 7), lastDay: lastDay.toISOString().slice(0, 10) };
}

describe('jobs with two worker processes', () => {
  it('pays each creator once when month-end runs on both workers at once, and dispatches each payout once', async () => {
    const payees = Array.from({ length: 300 }, () => randomUUID());
    const { period, lastDay } = previousMonth();
    await cluster.db.query(SEED_PAYEES_SQL, [JSON.stringify(payees), 'EUR']);
    await cluster.db.query(
      `insert into ledger_accounts (owner_id, kind, currency) values (null, 'provider_clearing', 'EUR'), (null, 'platform_revenue', 'EUR') on conflict do nothing`,
    );
    const { rows: accounts } = await cluster.db.query<{ id: string; kind: string }>(
      `select id, kind from ledger_accounts where owner_id is null and currency = 'EUR'`,
    );
    const account = (kind: string) => accounts.find((row) => row.kind === kind)!.id;
    await cluster.db.query(SEED_SALES_SQL, [
      JSON.stringify(payees),
      'EUR',
      2,
      1000,
      lastDay,
      `${lastDay}T10:00:00Z`,
      account('provider_clearing'),
      account('platform_revenue'),
    ]);

    // Four month-end jobs at once (a retried job, a late tick, an operator): the relays publish
    // them and the two workers run them concurrently.
    await cluster.db.query(
      `insert into outbox_message (queue, job_name, payload) select 'payouts', 'month-end', '{}'::jsonb from generate_series(1, 4)`,
    );
    await until('every payout paid', 120_000, async () => {
      const { rows } = await cluster.db.query<{ paid: number }>(
        `select count(*)::int as paid from payouts where period = $1 and status = 'paid'`,
        [period],
      );
      return rows[0].paid === payees.length;
    });
    await cluster.settled();

    const { rows: perPayee } = await cluster.db.query<{ payee_id: string; n: number; total: string; status: string }>(
      `select payee_id, count(*)::int as n, sum(amount_minor)::text as total, min(status) as status from payouts where period = $1 group by payee_id`,
      [period],
    );
    expect(perPayee).toHaveLength(payees.length);
    expect(perPayee.filter((row) => row.n !== 1 || row.total !== String(2 * 750) || row.status !== 'paid')).toEqual([]);
    const { rows: settled } = await cluster.db.query<{ payee_id: string; n: number }>(
      `select payee_id, count(*)::int as n from ledger_transactions where kind = 'payout_settled' and payee_id = any($1::uuid[]) group by payee_id`,
      [payees],
    );
    expect(settled).toHaveLength(payees.length);
    expect(settled.filter((row) => row.n !== 1)).toEqual([]);
    const { rows: runs } = await cluster.db.query(
      `select finished_at is not null as finished from payout_runs where period = $1`,
      [period],
    );
    expect(runs).toEqual([{ finished: true }]);
  }, 180_000);

  it('runs each scheduled job once per period with two workers ticking (counted in PostgreSQL)', async () => {
    // The deadline watch ticks at every minute's start on both workers' crons.
    const runs = () =>
      cluster.db.query<{ minute: string; runs: number }>(
        `select to_char(date_trunc('minute', min(at) + interval '30 seconds'), 'HH24:MI') as minute, count(distinct txid)::int as runs
           from cluster_probe_runs group by date_trunc('minute', at + interval '30 seconds') order by 1`,
      );
    const seen = await until('two periods of check-deadlines', 150_000, async () => {
      const { rows } = await runs();
      return rows.length >= 2 && rows;
    });
    expect(seen.map((row) => row.runs)).toEqual(seen.map(() => 1));
    const { rows: ticks } = await cluster.db.query<{ schedule: string }>(
      `select schedule from schedule_ticks where schedule like '%/moderation/check-deadlines'`,
    );
    expect(ticks).toHaveLength(1);
  }, 180_000);
});
