import { Payout, type PayoutSnapshot } from '../domain/payout.js';
import { PayoutRepository } from './payout.repository.js';
import type { Tx } from './tx.js';

/** The payout repository in the process, for millisecond handler specs; it passes the same contract as the PostgreSQL one. */
export class InMemoryPayoutRepository extends PayoutRepository {
  private readonly rows = new Map<string, PayoutSnapshot>();

  async addAll(_tx: Tx, payouts: readonly Payout[]): Promise<number> {
    let added = 0;
    for (const payout of payouts) {
      if (payout.storedStatus !== null) continue;
      const p = payout.snapshot();
      const taken = [...this.rows.values()].some((row) => row.accountId === p.accountId && row.period === p.period);
      if (taken || this.rows.has(p.id)) continue;
      this.rows.set(p.id, p);
      payout.markStored();
      added++;
    }
    return added;
  }

  async claimPending(_tx: Tx, runId: string, batchNo: number): Promise<Payout[]> {
    return [...this.rows.values()]
      .filter((row) => row.runId === runId && row.batchNo === batchNo && row.status === 'pending')
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((row) => Payout.restore(row));
  }

  async save(tx: Tx, payout: Payout): Promise<boolean> {
    if (payout.storedStatus === null) return (await this.addAll(tx, [payout])) === 1;
    const row = this.rows.get(payout.id);
    if (!row || row.status !== payout.storedStatus) return false;
    this.rows.set(payout.id, payout.snapshot());
    payout.markStored();
    return true;
  }

  async byId(_tx: Tx, id: string): Promise<Payout | null> {
    const row = this.rows.get(id);
    return row ? Payout.restore(row) : null;
  }
}
