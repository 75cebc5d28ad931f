import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { entityManagerOf, type Tx } from '../repositories/tx.js';
import { CLOSE_BATCH_SQL } from './sql/close-batch.sql.js';

/** payee_suspense: the platform's, for a share whose payee's account was deleted before the sale was booked. */
export type AccountKind =
  | 'earnings_pending'
  | 'earnings_current'
  | 'platform_revenue'
  | 'provider_clearing'
  | 'payouts_in_transit'
  | 'payouts_settled'
  | 'payee_suspense';
export type PlatformAccountKind = Exclude<AccountKind, 'earnings_pending' | 'earnings_current'>;
export type TransactionKind =
  'sale' | 'referral' | 'refund' | 'chargeback' | 'month_end' | 'payout_settled' | 'payout_returned' | 'correction';

export interface NewTransaction {
  idempotencyKey: string;
  kind: TransactionKind;
  payeeId: string | null;
  saleId?: string | null;
  currency: string;
  grossMinor?: number | null;
  splitId?: number | null;
  releaseOn?: string | null;
  holdReason?: string | null;
  description: string;
  occurredAt: Date;
}

export interface NewEntry {
  accountId: number;
  /** Positive credits the account, negative debits it. */
  amountMinor: number;
  /** Pending earnings only: the day they become payable. */
  releaseOn?: string | null;
}

/** A payee whose close left a positive balance to pay out: what it is made of, and where it goes. */
export interface PayableBalance {
  payeeId: string;
  /** The payee's pending-earnings account in this currency. */
  accountId: string;
  currency: string;
  /** The current balance before the close (negative after a chargeback that came after a payout). */
  currentMinor: number;
  /** Pending earnings the close released, through the day of their latest bucket. */
  releasedMinor: number;
  releasedThrough: string | null;
  /** What the close moved to payouts in transit. */
  payoutMinor: number;
  method: 'bank' | 'crypto';
  destination: string;
}

export interface ClosedBatch {
  payees: number;
  entries: number;
  payable: PayableBalance[];
}

/**
 * One due payout as the close statement hands it over: a JSON array, not an object, so a batch of
 * ten thousand carries no key names (a third of the bytes to read and parse). In order: payee id,
 * pending account id, currency, current minor, released minor, released through, payout minor,
 * method, destination.
 */
type PayableRow = [
  string,
  number | string,
  string,
  number | string,
  number | string,
  string | null,
  number | string,
  'bank' | 'crypto',
  string,
];

export interface PayeeAccounts {
  pending: number;
  current: number;
}

/**
 * Posting to the double-entry ledger. A transaction and all its entries go in one statement, so
 * the database trigger checks the balance of the whole transaction and derives the balances;
 * the idempotency key makes a repeated posting a no-op (a trigger claims it in ledger_idempotency
 * and skips a transaction whose key is taken). Entries carry their transaction's occurred_at, its
 * partition key.
 */
@Injectable()
export class Ledger {
  private readonly platformAccounts = new Map<string, number>();

  /** Posts one transaction; false when its idempotency key was already posted. */
  async post(db: Tx, tx: NewTransaction, entries: NewEntry[]): Promise<boolean> {
    const em = entityManagerOf(db);
    const lines = entries.filter((entry) => entry.amountMinor !== 0);
    if (lines.length === 0) return false;
    const rows = await em.execute<{ transaction_id: string }[]>(
      `with tx as (
         insert into ledger_transactions (idempotency_key, kind, payee_id, sale_id, currency, gross_minor, split_id, release_on, hold_reason, description, occurred_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id, occurred_at)
       insert into ledger_entries (transaction_id, occurred_at, account_id, amount_minor, currency, release_on)
       select tx.id, tx.occurred_at, e.account_id, e.amount_minor, ?, e.release_on
         from tx, jsonb_to_recordset(?::jsonb) as e(account_id bigint, amount_minor bigint, release_on date)
       returning transaction_id`,
      [
        tx.idempotencyKey,
        tx.kind,
        tx.payeeId,
        tx.saleId ?? null,
        tx.currency,
        tx.grossMinor ?? null,
        tx.splitId ?? null,
        tx.releaseOn ?? null,
        tx.holdReason ?? null,
        tx.description,
        tx.occurredAt,
        tx.currency,
        JSON.stringify(
          lines.map((line) => ({
            account_id: line.accountId,
            amount_minor: line.amountMinor,
            release_on: line.releaseOn ?? null,
          })),
        ),
      ],
    );
    return rows.length > 0;
  }

  /** The payee's pending and current earnings accounts in a currency, opened on first use. */
  async payeeAccounts(db: Tx, payeeId: string, currency: string): Promise<PayeeAccounts> {
    const em = entityManagerOf(db);
    // Current first, then pending naming it; a racing opener waits on the unique key and inserts nothing.
    await em.execute(
      `with current_account as (
         insert into ledger_accounts (owner_id, kind, currency) values (?, 'earnings_current', ?) on conflict do nothing returning id)
       insert into ledger_accounts (owner_id, kind, currency, current_account_id)
       select ?, 'earnings_pending', ?, id from current_account on conflict do nothing`,
      [payeeId, currency, payeeId, currency],
    );
    const rows = await em.execute<{ id: string; kind: AccountKind }[]>(
      `select id, kind from ledger_accounts where owner_id = ? and currency = ?`,
      [payeeId, currency],
    );
    const id = (kind: AccountKind) => Number(rows.find((row) => row.kind === kind)!.id);
    return { pending: id('earnings_pending'), current: id('earnings_current') };
  }

  /** One of the platform's own accounts in a currency (cached: they never change once opened). */
  async platformAccount(db: Tx, kind: PlatformAccountKind, currency: string): Promise<number> {
    const key = `${kind}:${currency}`;
    const cached = this.platformAccounts.get(key);
    if (cached !== undefined) return cached;
    const em = entityManagerOf(db);
    await em.execute(
      `insert into ledger_accounts (owner_id, kind, currency) values (null, ?, ?) on conflict do nothing`,
      [kind, currency],
    );
    const [row] = await em.execute<{ id: string }[]>(
      `select id from ledger_accounts where owner_id is null and kind = ? and currency = ?`,
      [kind, currency],
    );
    this.platformAccounts.set(key, Number(row.id));
    return Number(row.id);
  }

  /** An account's balance, all buckets together. */
  async balance(db: Tx, accountId: number): Promise<number> {
    const [row] = await entityManagerOf(db).execute<{ total: string }[]>(
      `select coalesce(sum(balance_minor), 0)::text as total from ledger_balances where account_id = ?`,
      [accountId],
    );
    return Number(row.total);
  }

  /** Every currency that has earnings gets its payouts-in-transit account (before a close needs it). */
  async openTransitAccounts(em: EntityManager): Promise<void> {
    await em.execute(
      `insert into ledger_accounts (owner_id, kind, currency)
       select distinct null::uuid, 'payouts_in_transit', currency from ledger_accounts where kind = 'earnings_pending'
       on conflict do nothing`,
    );
  }

  /**
   * Posts the month-end close of the payees whose pending accounts are in [first, before): pending
   * earnings due by the cutoff move to current, and a positive current balance of a payee with a
   * payout method moves to payouts in transit. A payee closed before is skipped (its idempotency key).
   */
  async closeBatch(
    em: EntityManager,
    args: { period: string; cutoff: string; now: Date; firstAccount: string; beforeAccount: string },
  ): Promise<ClosedBatch> {
    const { period, cutoff, now } = args;
    const [row] = await em.execute<{ payees: number; entries: number; payable: PayableRow[] }[]>(CLOSE_BATCH_SQL, [
      args.firstAccount,
      args.beforeAccount,
      cutoff,
      period,
      cutoff,
      `Month-end close ${period}`,
      now,
    ]);
    const payable = row.payable.map(
      ([payeeId, accountId, currency, current, released, through, payout, method, destination]) => ({
        payeeId,
        accountId: String(accountId),
        currency,
        currentMinor: Number(current),
        releasedMinor: Number(released),
        releasedThrough: through === null ? null : String(through).slice(0, 10),
        payoutMinor: Number(payout),
        method,
        destination,
      }),
    );
    return { payees: row.payees, entries: row.entries, payable };
  }
}
