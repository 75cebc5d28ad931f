import {
  Ledger,
  type AccountKind,
  type NewEntry,
  type NewTransaction,
  type PayeeAccounts,
  type PlatformAccountKind,
} from './ledger.repository.js';
import type { Tx } from '../repositories/tx.js';

/**
 * The ledger's postings and accounts in the process, for millisecond handler specs; it passes the
 * same contract as the PostgreSQL ledger. The month-end close's set-based statement has no
 * in-memory twin (openTransitAccounts, closeBatch).
 */
export class InMemoryLedger extends Ledger {
  private readonly accounts = new Map<string, number>();
  private readonly balances = new Map<number, number>();
  private readonly keys = new Set<string>();
  readonly posted: NewTransaction[] = [];

  override async post(_db: Tx, tx: NewTransaction, entries: NewEntry[]): Promise<boolean> {
    const lines = entries.filter((entry) => entry.amountMinor !== 0);
    if (lines.length === 0) return false;
    const sum = lines.reduce((total, line) => total + line.amountMinor, 0);
    if (sum !== 0) throw new Error(`ledger transaction ${tx.idempotencyKey} does not balance (${sum})`);
    if (this.keys.has(tx.idempotencyKey)) return false;
    this.keys.add(tx.idempotencyKey);
    this.posted.push(tx);
    for (const line of lines)
      this.balances.set(line.accountId, (this.balances.get(line.accountId) ?? 0) + line.amountMinor);
    return true;
  }

  override async payeeAccounts(_db: Tx, payeeId: string, currency: string): Promise<PayeeAccounts> {
    return {
      pending: this.open(payeeId, 'earnings_pending', currency),
      current: this.open(payeeId, 'earnings_current', currency),
    };
  }

  override async platformAccount(_db: Tx, kind: PlatformAccountKind, currency: string): Promise<number> {
    return this.open(null, kind, currency);
  }

  override async balance(_db: Tx, accountId: number): Promise<number> {
    return this.balances.get(accountId) ?? 0;
  }

  private open(owner: string | null, kind: AccountKind, currency: string): number {
    const key = `${owner ?? ''}:${kind}:${currency}`;
    const id = this.accounts.get(key) ?? this.accounts.size + 1;
    this.accounts.set(key, id);
    return id;
  }
}
