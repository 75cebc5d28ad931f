import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { BookReversal, BookSale, DispatchPayouts, HOLD_REASONS, MonthEndClose } from '#app/payouts';
import type { PostSaleJob } from '#app/platform';
import { FixedClock, signedInUser, startTestPlatform, type TestPlatform } from '#app/testing';

// This suite's periods are in 2034 (suites share one database; each uses its own years).
const clock = new FixedClock(new Date('2034-03-10T12:00:00Z'));
let platform: TestPlatform;
const db = () => platform.api.get(MikroORM).em.fork();
const book = (sale: Partial<PostSaleJob> & { creatorId: string }) =>
  platform.api.get(BookSale).book({
    saleId: randomUUID(),
    referrerId: null,
    grossMinor: 1000,
    currency: 'EUR',
    rail: 'fiat',
    kind: 'content',
    description: 'Album: Sunset',
    occurredAt: clock.now().toISOString(),
    ...sale,
  });
const close = (period: string) => platform.api.get(MonthEndClose).run(period, clock.now(), { batchSize: 3 });

async function balances(ownerId: string, currency = 'EUR') {
  const [row] = await db().execute<{ pending: string; current: string }[]>(
    `select coalesce(sum(e.amount_minor) filter (where a.kind = 'earnings_pending'), 0) as pending,
            coalesce(sum(e.amount_minor) filter (where a.kind = 'earnings_current'), 0) as current
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id where a.owner_id = ? and a.currency = ?`,
    [ownerId, currency],
  );
  return { pending: Number(row.pending), current: Number(row.current) };
}

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked field by field
  const parsed: any = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  return { status: response.status, body: parsed };
}

/** An access token issued at the clock's time: the clock jumps months ahead, past the tokens' hour. */
async function tokenOf(user: Awaited<ReturnType<typeof signedInUser>>): Promise<string> {
  const { data, error } = await user.client.signInWithPassword({ email: user.email, password: user.password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session.access_token;
}

beforeAll(async () => {
  platform = await startTestPlatform({ clock, env: { LAUNCH_PHASE: 'live' } });
});

afterAll(async () => {
  await platform?.close();
});

describe('booking sales', () => {
  it('splits fiat 75/25 and token 90/10; a referral takes 5% of the price from the platform share', async () => {
    const creator = randomUUID();
    const referrer = randomUUID();
    await book({ creatorId: creator, grossMinor: 1999 });
    await book({ creatorId: creator, grossMinor: 1000, rail: 'token' });
    await book({ creatorId: creator, grossMinor: 2000, referrerId: referrer });
    // 1999 × 75% = 1499 (rounded down), 1000 × 90% = 900, 2000 × 75% = 1500.
    expect(await balances(creator)).toEqual({ pending: 1499 + 900 + 1500, current: 0 });
    expect(await balances(referrer)).toEqual({ pending: 100, current: 0 });
    const [revenue] = await db().execute<{ total: string }[]>(
      `select sum(e.amount_minor) as total from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
        where a.kind = 'platform_revenue' and t.sale_id in (select sale_id from ledger_transactions where payee_id = ?)`,
      [creator],
    );
    expect(Number(revenue.total)).toBe(500 + 100 + (500 - 100));
  });

  it('books a sale once, however often it is delivered', async () => {
    const creator = randomUUID();
    const saleId = randomUUID();
    const results = await Promise.all([
      book({ creatorId: creator, saleId }),
      book({ creatorId: creator, saleId }),
      book({ creatorId: creator, saleId }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balances(creator)).toEqual({ pending: 750, current: 0 });
  });

  it('holds a new payee 21 days, and pays a payee with 4 clean months monthly', async () => {
    const fresh = randomUUID();
    await book({ creatorId: fresh });
    const veteran = randomUUID();
    await book({ creatorId: veteran, occurredAt: '2033-10-01T10:00:00Z' });
    await book({ creatorId: veteran });
    const rows = await db().execute<{ payee_id: string; release_on: Date; hold_reason: string }[]>(
      `select payee_id, release_on, hold_reason from ledger_transactions where payee_id in (?, ?) and occurred_at = ? order by payee_id`,
      [fresh, veteran, clock.now()],
    );
    const byPayee = new Map(rows.map((row) => [row.payee_id, row]));
    expect(byPayee.get(fresh)).toMatchObject({ hold_reason: HOLD_REASONS.newPayee });
    expect(new Date(byPayee.get(fresh)!.release_on).toISOString().slice(0, 10)).toBe('2034-03-31');
    expect(byPayee.get(veteran)).toMatchObject({ hold_reason: HOLD_REASONS.monthly });
    expect(new Date(byPayee.get(veteran)!.release_on).toISOString().slice(0, 10)).toBe('2034-03-31');
  });

  it('applies a new split version only to sales after it takes effect', async () => {
    // No command or console route changes a split: a new version is a row a migration adds, written here as one would.
    const creator = randomUUID();
    await book({ creatorId: creator, rail: 'token', occurredAt: '2034-03-01T00:00:00Z' });
    await db().execute(
      `insert into revenue_splits (rail, creator_bps, referral_bps, effective_from, note) values ('token', 8800, 500, '2034-03-05T00:00:00Z', 'test change')`,
    );
    await book({ creatorId: creator, rail: 'token', occurredAt: '2034-03-06T00:00:00Z' });
    expect(await balances(creator)).toEqual({ pending: 900 + 880, current: 0 });
    // Versions are data that sales point at: the change is undone by a later version, never by deleting it.
    await db().execute(
      `insert into revenue_splits (rail, creator_bps, referral_bps, effective_from, note) values ('token', 9000, 500, '2034-03-07T00:00:00Z', 'test change undone')`,
    );
    await book({ creatorId: creator, rail: 'token', occurredAt: '2034-03-08T00:00:00Z' });
    expect(await balances(creator)).toEqual({ pending: 900 + 880 + 900, current: 0 });
    await expect(db().execute(`delete from revenue_splits where note = 'test change'`)).rejects.toThrow(/foreign key/);
  });
});

describe('the ledger itself', () => {
  it('refuses to change or remove a posted entry, and refuses an unbalanced transaction', async () => {
    const creator = randomUUID();
    await book({ creatorId: creator });
    const [entry] = await db().execute<{ id: string; transaction_id: string; account_id: string }[]>(
      `select e.id, e.transaction_id, e.account_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.owner_id = ?`,
      [creator],
    );
    await expect(db().execute(`update ledger_entries set amount_minor = 1 where id = ?`, [entry.id])).rejects.toThrow(
      /immutable/,
    );
    await expect(db().execute(`delete from ledger_entries where id = ?`, [entry.id])).rejects.toThrow(/immutable/);
    await expect(
      db().execute(`update ledger_transactions set description = 'x' where id = ?`, [entry.transaction_id]),
    ).rejects.toThrow(/immutable/);
    await expect(
      db().execute(
        `with tx as (insert into ledger_transactions (idempotency_key, kind, currency, description, occurred_at) values (?, 'correction', 'EUR', 'bad', now()) returning id, occurred_at)
         insert into ledger_entries (transaction_id, occurred_at, account_id, amount_minor, currency) select tx.id, tx.occurred_at, ?, 5, 'EUR' from tx`,
        [`test:${randomUUID()}`, entry.account_id],
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await balances(creator)).toEqual({ pending: 750, current: 0 });
  });
});

describe('month-end, chargebacks and refunds', () => {
  it('releases due pending earnings on the last calendar day, pays them once, and carries a chargeback after payout into the next payout', async () => {
    const fan = await signedInUser(platform);
    const creatorId = fan.session.user.id;
    clock.set(new Date('2034-04-02T09:00:00Z'));
    let token = await tokenOf(fan);
    const early = randomUUID();
    const late = randomUUID();
    await book({ creatorId, saleId: early, grossMinor: 4000 });
    clock.set(new Date('2034-04-20T09:00:00Z'));
    await book({ creatorId, saleId: late, grossMinor: 2000 });
    token = await tokenOf(fan);

    const bad = await call('PUT', '/api/payouts/method', token, {
      kind: 'bank',
      accountHolder: 'Jane Creator',
      iban: 'DE89370400440532013001',
      currency: 'EUR',
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await call('GET', '/api/payouts/method', token)).toMatchObject({ status: 200 });
    const method = await call('PUT', '/api/payouts/method', token, {
      kind: 'bank',
      accountHolder: 'Jane Creator',
      iban: 'DE89 3704 0044 0532 0130 00',
      currency: 'EUR',
    });
    expect(method).toMatchObject({ status: 200, body: { kind: 'bank', ibanLast4: '3000', currency: 'EUR' } });

    // 30 April: the early sale's 21 days are over (23 April), the late one's are not (11 May).
    clock.set(new Date('2034-04-30T23:00:00Z'));
    const first = await close('2034-04');
    expect(first.finished).toBe(true);
    expect(await balances(creatorId)).toEqual({ pending: 1500, current: 0 });
    const [payout] = await db().execute<
      { id: string; amount_minor: string; status: string; run_id: string; batch_no: number }[]
    >(`select * from payouts where payee_id = ?`, [creatorId]);
    expect(Number(payout.amount_minor)).toBe(3000);
    // Time-ordered ids (version 7 layout): a run's payouts go to neighbouring index pages.
    expect(payout.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(parseInt(payout.id.replace(/-/g, '').slice(0, 12), 16) - Date.now())).toBeLessThan(600_000);
    // Two deliveries of the dispatch job at once: one submission.
    await Promise.all([
      platform.api.get(DispatchPayouts).dispatch(payout.run_id, payout.batch_no, clock.now()),
      platform.api.get(DispatchPayouts).dispatch(payout.run_id, payout.batch_no, clock.now()),
    ]);
    token = await tokenOf(fan);
    const paid = await call('GET', '/api/payouts/history', token);
    expect(paid.body.items).toEqual([
      expect.objectContaining({ period: '2034-04', amountMinor: 3000, status: 'paid', destination: 'IBAN ••3000' }),
    ]);
    expect(await db().execute(`select 1 from sandbox_payouts where payout_id = ?`, [payout.id])).toHaveLength(1);

    // A second run of the same period changes nothing.
    expect((await close('2034-04')).closedHere).toBe(0);
    expect(await db().execute(`select 1 from payouts where payee_id = ?`, [creatorId])).toHaveLength(1);

    // Chargeback of the paid sale: off the current balance (negative), and of the pending one: off pending.
    clock.set(new Date('2034-05-03T10:00:00Z'));
    const reversals = platform.api.get(BookReversal);
    expect(
      await reversals.book({
        saleId: early,
        kind: 'chargeback',
        eventId: 'evt_cb_1',
        occurredAt: clock.now().toISOString(),
      }),
    ).toBe(true);
    expect(
      await reversals.book({
        saleId: early,
        kind: 'refund',
        eventId: 'evt_rf_1',
        occurredAt: clock.now().toISOString(),
      }),
    ).toBe(false);
    expect(await balances(creatorId)).toEqual({ pending: 1500, current: -3000 });
    token = await tokenOf(fan);
    const statement = await call('GET', '/api/payouts/statement', token);
    expect(statement.body).toMatchObject({
      currency: 'EUR',
      pendingMinor: 1500,
      currentMinor: -3000,
      adjustmentsMinor: -3000,
      schedule: 'held',
      holdReason: HOLD_REASONS.incident,
    });
    // May's close releases 1500 against the -3000 debt: no month-end pays anything yet, so none is announced.
    expect(statement.body).toMatchObject({ nextPayoutOn: null, nextPayoutMinor: 0 });

    // May's close: the late sale (1500) is released against the -3000: nothing to pay, -1500 carries forward.
    clock.set(new Date('2034-05-31T23:00:00Z'));
    await close('2034-05');
    expect(await balances(creatorId)).toEqual({ pending: 0, current: -1500 });
    expect(await db().execute(`select 1 from payouts where payee_id = ?`, [creatorId])).toHaveLength(1);

    // June: a new sale (held 21 days: 10 June + 21 = 1 July) is not due; July's close pays 3000 - 1500.
    clock.set(new Date('2034-06-10T10:00:00Z'));
    await book({ creatorId, grossMinor: 4000 });
    token = await tokenOf(fan);
    // June's close pays nothing (the sale is payable on 1 July): the next payout is July's, 3000 - 1500.
    expect((await call('GET', '/api/payouts/statement', token)).body).toMatchObject({
      pendingMinor: 3000,
      currentMinor: -1500,
      nextPayoutOn: '2034-07-31',
      nextPayoutMinor: 1500,
    });
    const juneLines = (await call('GET', '/api/payouts/transactions', token)).body.items as {
      kind: string;
      releaseOn: string | null;
      payoutOn: string | null;
      status: string | null;
    }[];
    expect(juneLines[0]).toMatchObject({
      kind: 'sale',
      releaseOn: '2034-07-01',
      payoutOn: '2034-07-31',
      status: 'pending',
    });
    expect(juneLines.filter((line) => line.status === 'released').every((line) => line.payoutOn === null)).toBe(true);
    clock.set(new Date('2034-06-30T23:00:00Z'));
    await close('2034-06');
    expect(await balances(creatorId)).toEqual({ pending: 3000, current: -1500 });
    clock.set(new Date('2034-07-31T23:00:00Z'));
    await close('2034-07');
    const [july] = await db().execute<{ amount_minor: string }[]>(
      `select amount_minor from payouts where payee_id = ? and period = '2034-07'`,
      [creatorId],
    );
    expect(Number(july.amount_minor)).toBe(1500);
    expect(await balances(creatorId)).toEqual({ pending: 0, current: 0 });

    token = await tokenOf(fan);
    const lines = await call('GET', '/api/payouts/transactions?limit=100', token);
    expect(lines.status).toBe(200);
    const sale = lines.body.items.find(
      (line: { kind: string; releaseOn: string }) => line.kind === 'sale' && line.releaseOn === '2034-07-01',
    );
    expect(sale).toMatchObject({
      balance: 'pending',
      amountMinor: 3000,
      holdReason: HOLD_REASONS.incident,
      status: 'released',
    });
    expect(lines.body.items.map((line: { kind: string }) => line.kind)).toEqual(
      expect.arrayContaining(['sale', 'chargeback', 'release', 'payout']),
    );
    const csv = await fetch(`${platform.baseUrl}/api/payouts/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(records.find((record) => record.kind === 'chargeback')).toMatchObject({
      amount: '-30.00',
      currency: 'EUR',
      balance: 'current',
    });
  });

  it('exports earnings as CSV with every cell quoted and formula-like text neutralised', async () => {
    clock.set(new Date());
    const creator = await signedInUser(platform);
    await book({
      creatorId: creator.session.user.id,
      grossMinor: 1000,
      description: '=HYPERLINK("http://evil.example","Refund")',
    });
    const text = await (
      await fetch(`${platform.baseUrl}/api/payouts/export.csv`, {
        headers: { authorization: `Bearer ${creator.session.access_token}` },
      })
    ).text();
    expect(text.split('\n')[0]).toBe(
      '"date","transaction_id","kind","description","amount","currency","balance","release_on","hold_reason"',
    );
    const records = parse(text, { columns: true }) as Record<string, string>[];
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: `'=HYPERLINK("http://evil.example","Refund")`, amount: '7.50' }),
      ]),
    );
    expect(text).not.toMatch(/(^|,)"?=/m);
  });

  it('shows each user only their own earnings', async () => {
    clock.set(new Date());
    const [alice, bob] = [await signedInUser(platform), await signedInUser(platform)];
    await book({ creatorId: alice.session.user.id, grossMinor: 8000 });
    const bobs = await call('GET', '/api/payouts/statement', bob.session.access_token);
    expect(bobs.body).toMatchObject({ pendingMinor: 0, currentMinor: 0, balances: [] });
    expect((await call('GET', '/api/payouts/transactions', bob.session.access_token)).body.items).toEqual([]);
    expect((await call('GET', '/api/payouts/statement', alice.session.access_token)).body).toMatchObject({
      pendingMinor: 6000,
    });
    expect(
      (
        await call('PUT', '/api/payouts/method', bob.session.access_token, {
          kind: 'crypto',
          network: 'solana',
          address: 'not-a-wallet',
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', '/api/payouts/method', bob.session.access_token)).body).toBe('null');
    expect((await call('GET', '/api/payouts/statement', null)).status).toBe(401);
    expect(
      (await call('POST', '/api/admin/payouts/runs', alice.session.access_token, { period: '2034-08' })).status,
    ).toBe(403);
  });
});

describe('before launch', () => {
  it('answers not_launched on the earnings, purchase and sales routes and stores nothing', async () => {
    // Same secret and issuer as the live platform, so its users' tokens are valid here too.
    clock.set(new Date());
    const fan = await signedInUser(platform);
    const prelaunch = await startTestPlatform({
      worker: false,
      env: { JWT_SECRET: platform.config.JWT_SECRET, PUBLIC_URL: platform.config.PUBLIC_URL },
    });
    try {
      const token = fan.session.access_token;
      const ask = (method: string, path: string, body?: unknown) =>
        fetch(`${prelaunch.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': `key-${randomUUID()}`,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      for (const [method, path, body] of [
        ['GET', '/api/payouts/statement'],
        [
          'PUT',
          '/api/payouts/method',
          { kind: 'crypto', network: 'solana', address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' },
        ],
        ['POST', '/api/purchases', { kind: 'tip', storeSlug: 'any-store', amountMinor: 500, method: 'crypto' }],
        ['GET', '/api/sales'],
      ] as const) {
        const response = await ask(method, path, body);
        expect({ path, status: response.status, code: ((await response.json()) as { code: string }).code }).toEqual({
          path,
          status: 403,
          code: 'not_launched',
        });
      }
      expect(
        await prelaunch.api
          .get(MikroORM)
          .em.fork()
          .execute(`select 1 from payout_methods where user_id = ?`, [fan.session.user.id]),
      ).toEqual([]);
    } finally {
      await prelaunch.close();
    }
  });
});
