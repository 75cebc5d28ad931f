import { Injectable } from '@nestjs/common';
import { Payout, type PayoutMethodKind, type PayoutSnapshot, type PayoutStatus } from '../domain/payout.js';
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

const asRecord = (p: PayoutSnapshot) => ({
  id: p.id,
  run_id: p.runId,
  batch_no: p.batchNo,
  payee_id: p.payeeId,
  account_id: p.accountId,
  period: p.period,
  currency: p.currency,
  amount_minor: p.amountMinor,
  method: p.method,
  destination: p.destination,
  created_at: p.createdAt.toISOString(),
});

@Injectable()
export class PostgresPayoutRepository extends PayoutRepository {
  async addAll(tx: Tx, payouts: readonly Payout[]): Promise<number> {
    const fresh = payouts.filter((payout) => payout.storedStatus === null);
    if (fresh.length === 0) return 0;
    // One statement for a whole batch of payees: the rows travel as one JSON parameter.
    const added = await entityManagerOf(tx).execute<{ id: string }[]>(
      `insert into payouts (id, run_id, batch_no, payee_id, account_id, period, currency, amount_minor, method, destination, created_at)
       select p.id, p.run_id, p.batch_no, p.payee_id, p.account_id, p.period, p.currency, p.amount_minor, p.method, p.destination, p.created_at
         from jsonb_to_recordset(?::jsonb) as p(id uuid, run_id uuid, batch_no int, payee_id uuid, account_id bigint, period text, currency text,
              amount_minor bigint, method text, destination text, created_at timestamptz)
       on conflict on constraint payouts_once do nothing
       returning id`,
      [JSON.stringify(fresh.map((payout) => asRecord(payout.snapshot())))],
    );
    const ids = new Set(added.map((row) => row.id));
    for (const payout of fresh) if (ids.has(payout.id)) payout.markStored();
    return added.length;
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
