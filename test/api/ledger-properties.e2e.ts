import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { BookReversal, BookSale, DispatchPayouts, MonthEndClose } from '#app/payouts';
import { FixedClock, startTestPlatform, type TestPlatform } from '#app/testing';

/**
 * Property: whatever sequence of purchases, refunds, chargebacks, clock advances, payout-method
 * changes and month-end runs happens, after every step every ledger transaction balances, no
 * money is created or lost, the derived balances equal the sum of the entries, and each payee's
 * pending + current + paid out equals what their unreversed sales earned them.
 */
const clock = new FixedClock(new Date('2100-01-01T00:00:00Z'));
let platform: TestPlatform;
let runNo = 0;
const db = () => platform.api.get(MikroORM).em.fork();

type Step =
  | { t: 'sale'; creator: number; gross: number; rail: 'fiat' | 'token'; referred: boolean }
  | { t: 'refund' | 'chargeback'; pick: number }
  | { t: 'advance'; days: number }
  | { t: 'monthEnd' }
  | { t: 'method'; creator: number; on: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('sale' as const),
      creator: fc.nat(2),
      gross: fc.integer({ min: 1, max: 100_000 }),
      rail: fc.constantFrom('fiat' as const, 'token' as const),
      referred: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('chargeback' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('monthEnd' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('method' as const), creator: fc.nat(2), on: fc.boolean() }) },
);

const share = (gross: number, bps: number) => Math.floor((gross * bps) / 10_000);

/**
 * The checks after each step, scoped to what this run wrote (entries after `fromEntry`, the run's
 * payees) so they stay cheap however much the other suites put in the shared database.
 */
async function checkLedger(earned: Map<string, number>, fromEntry: number) {
  const unbalanced = await db().execute(
    `select transaction_id from ledger_entries where id > ? group by transaction_id, currency having sum(amount_minor) <> 0 limit 1`,
    [fromEntry],
  );
  expect(unbalanced).toEqual([]);
  // Money is neither created nor lost: everything posted since the run began sums to zero per currency.
  const totals = await db().execute<{ currency: string; total: string }[]>(
    `select currency, sum(amount_minor) as total from ledger_entries where id > ? group by currency`,
    [fromEntry],
  );
  for (const row of totals) expect(Number(row.total)).toBe(0);
  const owners = JSON.stringify([...earned.keys()]);
  // The derived balances of the run's payee accounts equal the sum of their entries.
  const drift = await db().execute(
    `with mine as (select id from ledger_accounts where owner_id in (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb))),
          sums as (select e.account_id, coalesce(e.release_on, '-infinity'::date) as bucket, sum(e.amount_minor) as total
                     from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
                    where t.payee_id in (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb)) and e.account_id in (select id from mine)
                    group by 1, 2)
     select coalesce(b.account_id, s.account_id) from (select * from ledger_balances where account_id in (select id from mine)) b
       full join sums s on s.account_id = b.account_id and s.bucket = b.bucket
      where coalesce(b.balance_minor, 0) <> coalesce(s.total, 0) limit 1`,
    [owners, owners],
  );
  expect(drift).toEqual([]);
  const rows = await db().execute<{ owner_id: string; held: string; paid: string }[]>(
    `select o.owner_id,
            (select coalesce(sum(b.balance_minor), 0) from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.owner_id = o.owner_id) as held,
            (select coalesce(sum(p.amount_minor), 0) from payouts p where p.payee_id = o.owner_id and p.status <> 'failed') as paid
       from (select (value #>> '{}')::uuid as owner_id from jsonb_array_elements(?::jsonb)) o`,
    [owners],
  );
  for (const row of rows)
    expect({ payee: row.owner_id, total: Number(row.held) + Number(row.paid) }).toEqual({
      payee: row.owner_id,
      total: earned.get(row.owner_id),
    });
  const payouts = await db().execute(
    `select 1 from payouts where payee_id in (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb)) and amount_minor <= 0`,
    [owners],
  );
  expect(payouts).toEqual([]);
}

beforeAll(async () => {
  platform = await startTestPlatform({ clock, worker: false });
});

afterAll(async () => {
  await platform?.close();
});

describe('ledger properties (fast-check)', () => {
  it('balances after every step of any sequence of sales, reversals, clock advances and month-end runs', async () => {
    const bookSale = platform.api.get(BookSale);
    const bookReversal = platform.api.get(BookReversal);
    const close = platform.api.get(MonthEndClose);
    const dispatch = platform.api.get(DispatchPayouts);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        // Each run lives in its own decade: month-end periods are global and run once each.
        clock.set(new Date(Date.UTC(2100 + 10 * runNo++, 0, 3, 12)));
        const creators = [randomUUID(), randomUUID(), randomUUID()];
        const referrer = randomUUID();
        const earned = new Map<string, number>([...creators, referrer].map((id) => [id, 0]));
        const sales: { id: string; creator: string; creatorShare: number; referralShare: number }[] = [];
        const reversed = new Set<string>();
        const [{ last }] = await db().execute<{ last: string | null }[]>(`select max(id) as last from ledger_entries`);
        const fromEntry = Number(last ?? 0);

        for (const next of steps) {
          if (next.t === 'sale') {
            const saleId = randomUUID();
            const creator = creators[next.creator];
            const creatorShare = share(next.gross, next.rail === 'fiat' ? 7500 : 9000);
            const referralShare = next.referred ? share(next.gross, 500) : 0;
            await bookSale.book({
              saleId,
              creatorId: creator,
              referrerId: next.referred ? referrer : null,
              grossMinor: next.gross,
              currency: 'EUR',
              rail: next.rail,
              kind: 'content',
              description: 'property sale',
              occurredAt: clock.now().toISOString(),
            });
            sales.push({ id: saleId, creator, creatorShare, referralShare });
            earned.set(creator, earned.get(creator)! + creatorShare);
            earned.set(referrer, earned.get(referrer)! + referralShare);
          } else if (next.t === 'refund' || next.t === 'chargeback') {
            if (sales.length === 0) continue;
            const sale = sales[next.pick % sales.length];
            await bookReversal.book({
              saleId: sale.id,
              kind: next.t,
              eventId: `evt_${randomUUID()}`,
              occurredAt: clock.now().toISOString(),
            });
            if (!reversed.has(sale.id)) {
              reversed.add(sale.id);
              earned.set(sale.creator, earned.get(sale.creator)! - sale.creatorShare);
              earned.set(referrer, earned.get(referrer)! - sale.referralShare);
            }
          } else if (next.t === 'advance') {
            clock.advance(next.days * 86_400_000);
          } else if (next.t === 'method') {
            const creator = creators[next.creator];
            if (next.on)
              await db().execute(
                `insert into payout_methods (user_id, kind, network, address, updated_at) values (?, 'crypto', 'solana', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', now()) on conflict do nothing`,
                [creator],
              );
            else await db().execute(`delete from payout_methods where user_id = ?`, [creator]);
          } else {
            const now = clock.now();
            clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 23)));
            const period = clock.now().toISOString().slice(0, 7);
            const summary = await close.run(period, clock.now(), { batchSize: 50 });
            for (let batch = 1; batch <= summary.batches; batch++)
              await dispatch.dispatch(summary.runId, batch, clock.now());
            clock.advance(3_600_000 * 2);
          }
          await checkLedger(earned, fromEntry);
        }
      }),
      { numRuns: 30, endOnFailure: true },
    );
  }, 240_000);
});
