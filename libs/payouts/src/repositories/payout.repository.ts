import { Injectable } from '@nestjs/common';
import { Payout, type PayoutMethodKind, type PayoutSnapshot, type PayoutStatus } from '../domain/payout.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { entityManagerOf, type Tx } from './tx.js';

/**
 * The one writer of `payouts`. It takes and returns Payout aggregates; a save names the status the
 * payout was loaded with and applies only while the row still has it, so two dispatchers never
 * both move one payout.
 */
export abstract class PayoutRepository {
  /** Stores new payouts; one per pending account (payee and currency) and period, so a payout already stored is kept. Returns how many were added. */
  abstract addAll(tx: Tx, payouts: readonly Payout[]): Promise<number>;
  /** A batch's payouts still to hand over, oldest id first, held for this transaction (a concurrent caller skips them). */
  abstract claimPending(tx: Tx, runId: string, batchNo: number): Promise<Payout[]>;
  /** Writes the payout's new state; false when the row moved on since it was loaded. */
  abstract save(tx: Tx, payout: Payout): Promise<boolean>;
  abstract byId(tx: Tx, id: string): Promise<Payout | null>;
}

interface PayoutRow {
  id: string;
  run_id: string;
  batch_no: number;
  payee_id: string;
  account_id: string;
  period: string;
  currency: string;
  amount_minor: string;
  method: PayoutMethodKind;
  destination: string;
  status: PayoutStatus;
  provider_ref: string | null;
  failure_reason: string | null;
  created_at: Date;
  submitted_at: Date | null;
  paid_at: Date | null;
}

const COLUMNS = `id, run_id, batch_no, payee_id, account_id, period, currency, amount_minor, method, destination, status,
  provider_ref, failure_reason, created_at, submitted_at, paid_at`;

const toPayout = (row: PayoutRow): Payout =>
  Payout.restore({
    id: row.id,
    runId: row.run_id,
    batchNo: Number(row.batch_no),
    payeeId: row.payee_id,
    accountId: String(row.account_id),
    period: row.period,
    currency: row.currency,
    amountMinor: Number(row.amount_minor),
    method: row.method,
    destination: row.destination,
    status: row.status,
    providerRef: row.provider_ref,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at),
    submittedAt: row.submitted_at && new Date(row.submitted_at),
    paidAt: row.paid_at && new Date(row.paid_at),
  });

/**
 * A new payout as one compact row. A close stores ten thousand at once, all of one run, batch, period
 * and creation time: those travel once per statement (see `addAll`), the rest per payout.
 */
const asRow = (p: PayoutSnapshot) => [p.id, p.payeeId, p.accountId, p.currency, p.amountMinor, p.method, p.destination];

/** Payouts that share the values a statement carries once: a close's batch is one group, a lone save another. */
function byStatement(payouts: readonly Payout[]): { shared: PayoutSnapshot; members: Payout[]; rows: unknown[][] }[] {
  const groups = new Map<string, { shared: PayoutSnapshot; members: Payout[]; rows: unknown[][] }>();
  for (const payout of payouts) {
    const p = payout.snapshot();
    const key = `${p.runId} ${p.batchNo} ${p.period} ${p.createdAt.getTime()}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { shared: p, members: [], rows: [] }));
    group.members.push(payout);
    group.rows.push(asRow(p));
  }
  return [...groups.values()];
}

/**
 * Runs a statement with its parameters bound by the driver ($1, $2 …) in the entity manager's
 * transaction. `em.execute` writes the parameters into the SQL text first, which for a close's
 * ten thousand payouts (megabytes of JSON) costs more than the insert itself.
 */
async function withBoundParameters<R>(em: EntityManager, sql: string, parameters: unknown[]): Promise<R[]> {
  const result = await em.getKysely().executeQuery<R>({
    sql,
    parameters,
    query: { kind: 'RawNode', sqlFragments: [sql], parameters: [] },
    queryId: { queryId: 'payouts.add-all' },
  });
  return [...result.rows];
}

@Injectable()
export class PostgresPayoutRepository extends PayoutRepository {
  async addAll(tx: Tx, payouts: readonly Payout[]): Promise<number> {
    const fresh = payouts.filter((payout) => payout.storedStatus === null);
    if (fresh.length === 0) return 0;
    const em = entityManagerOf(tx);
    let added = 0;
    for (const { shared, members, rows } of byStatement(fresh)) {
      // One statement for a whole batch of payees: the rows travel as one JSON parameter and only
      // their count comes back (a close adds every payout it builds; ids are read only if one was kept).
      const [{ count }] = await withBoundParameters<{ count: number }>(
        em,
        `with added as (
           insert into payouts (id, run_id, batch_no, payee_id, account_id, period, currency, amount_minor, method, destination, created_at)
           select (p->>0)::uuid, $2::uuid, $3::int, (p->>1)::uuid, (p->>2)::bigint, $4, p->>3, (p->>4)::bigint, p->>5, p->>6, $5::timestamptz
             from jsonb_array_elements($1::jsonb) as p
           on conflict on constraint payouts_once do nothing
           returning 1)
         select count(*)::int as count from added`,
        [JSON.stringify(rows), shared.runId, shared.batchNo, shared.period, shared.createdAt.toISOString()],
      );
      added += count;
      if (count === members.length) {
        for (const payout of members) payout.markStored();
        continue;
      }
      const stored = await withBoundParameters<{ id: string }>(
        em,
        `select id from payouts where id = any($1::uuid[])`,
        [members.map((payout) => payout.id)],
      );
      const ids = new Set(stored.map((row) => row.id));
      for (const payout of members) if (ids.has(payout.id)) payout.markStored();
    }
    return added;
  }

  async claimPending(tx: Tx, runId: string, batchNo: number): Promise<Payout[]> {
    const rows = await entityManagerOf(tx).execute<PayoutRow[]>(
      `select ${COLUMNS} from payouts where run_id = ? and batch_no = ? and status = 'pending' order by id for update skip locked`,
      [runId, batchNo],
    );
    return rows.map(toPayout);
  }

  async save(tx: Tx, payout: Payout): Promise<boolean> {
    const p = payout.snapshot();
    if (payout.storedStatus === null) return (await this.addAll(tx, [payout])) === 1;
    const rows = await entityManagerOf(tx).execute<{ id: string }[]>(
      `update payouts set status = ?, provider_ref = ?, failure_reason = ?, submitted_at = ?, paid_at = ?
        where id = ? and status = ? returning id`,
      [p.status, p.providerRef, p.failureReason, p.submittedAt, p.paidAt, p.id, payout.storedStatus],
    );
    if (rows.length === 0) return false;
    payout.markStored();
    return true;
  }

  async byId(tx: Tx, id: string): Promise<Payout | null> {
    const [row] = await entityManagerOf(tx).execute<PayoutRow[]>(`select ${COLUMNS} from payouts where id = ?`, [id]);
    return row ? toPayout(row) : null;
  }
}
