import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Ledger, NewTransaction } from './ledger.repository.js';
import type { Tx } from '../repositories/tx.js';

export interface LedgerFixture {
  ledger: Ledger;
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
}

const posting = (over: Partial<NewTransaction> = {}): NewTransaction => ({
  idempotencyKey: `contract:${randomUUID()}`,
  kind: 'correction',
  payeeId: null,
  currency: 'EUR',
  description: 'Contract posting',
  occurredAt: new Date(),
  ...over,
});

/** What every ledger adapter does with accounts and postings: run against the PostgreSQL and the in-memory ledgers. */
export function ledgerContract(adapter: string, fixture: () => LedgerFixture): void {
  describe(`the ledger (${adapter})`, () => {
    it("opens a payee's pending and current accounts once per currency", async () => {
      const { ledger, transaction } = fixture();
      const payee = randomUUID();
      const first = await transaction((tx) => ledger.payeeAccounts(tx, payee, 'EUR'));
      expect(first.pending).not.toBe(first.current);
      expect(await transaction((tx) => ledger.payeeAccounts(tx, payee, 'EUR'))).toEqual(first);
      const dollars = await transaction((tx) => ledger.payeeAccounts(tx, payee, 'USD'));
      expect([dollars.pending, dollars.current]).not.toContain(first.pending);
      expect((await transaction((tx) => ledger.payeeAccounts(tx, randomUUID(), 'EUR'))).pending).not.toBe(
        first.pending,
      );
    });

    it('keeps one of each platform account per currency', async () => {
      const { ledger, transaction } = fixture();
      const transit = await transaction((tx) => ledger.platformAccount(tx, 'payouts_in_transit', 'EUR'));
      expect(await transaction((tx) => ledger.platformAccount(tx, 'payouts_in_transit', 'EUR'))).toBe(transit);
      expect(await transaction((tx) => ledger.platformAccount(tx, 'payouts_settled', 'EUR'))).not.toBe(transit);
      expect(await transaction((tx) => ledger.platformAccount(tx, 'payouts_in_transit', 'GBP'))).not.toBe(transit);
    });

    it('posts a balanced transaction once: the same key again changes nothing', async () => {
      const { ledger, transaction } = fixture();
      const payee = randomUUID();
      const { current } = await transaction((tx) => ledger.payeeAccounts(tx, payee, 'EUR'));
      const revenue = await transaction((tx) => ledger.platformAccount(tx, 'platform_revenue', 'EUR'));
      const before = await transaction((tx) => ledger.balance(tx, revenue));
      const tx = posting({ payeeId: payee });
      const entries = [
        { accountId: revenue, amountMinor: -250 },
        { accountId: current, amountMinor: 250 },
        { accountId: revenue, amountMinor: 0 },
      ];
      expect(await transaction((db) => ledger.post(db, tx, entries))).toBe(true);
      expect(await transaction((db) => ledger.post(db, tx, entries))).toBe(false);
      expect(await transaction((db) => ledger.balance(db, current))).toBe(250);
      expect(await transaction((db) => ledger.balance(db, revenue))).toBe(before - 250);
    });

    it('refuses a transaction that does not balance, and posts nothing for one with no amounts', async () => {
      const { ledger, transaction } = fixture();
      const { current } = await transaction((tx) => ledger.payeeAccounts(tx, randomUUID(), 'EUR'));
      const revenue = await transaction((tx) => ledger.platformAccount(tx, 'platform_revenue', 'EUR'));
      const unbalanced = [
        { accountId: revenue, amountMinor: -100 },
        { accountId: current, amountMinor: 90 },
      ];
      await expect(transaction((tx) => ledger.post(tx, posting(), unbalanced))).rejects.toThrow();
      expect(await transaction((tx) => ledger.balance(tx, current))).toBe(0);
      expect(await transaction((tx) => ledger.post(tx, posting(), [{ accountId: current, amountMinor: 0 }]))).toBe(
        false,
      );
    });
  });
}
