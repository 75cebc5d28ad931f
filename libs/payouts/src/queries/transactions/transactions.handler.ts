import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { payoutDayFor } from '../../domain/next-payout.js';
import { TransactionsQuery, type StatementLine } from './transactions.query.js';

interface LineRow {
  id: string;
  kind: string;
  description: string;
  currency: string;
  occurred_at: Date;
  release_on: Date | string | null;
  hold_reason: string | null;
  account_kind: 'earnings_pending' | 'earnings_current';
  amount: string;
  released: boolean;
  payout_status: StatementLine['status'];
  payout_minor: string | null;
}

const day = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

@QueryHandler(TransactionsQuery)
export class TransactionsHandler implements IQueryHandler<TransactionsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId, before, limit }: TransactionsQuery): Promise<{ items: StatementLine[]; nextCursor: string | null }> {
    const rows = await this.orm.em.fork().execute<LineRow[]>(
      // A page of the payee's transactions: their own (by payee) and their accounts' month-end closes (by account).
      `with pending as (select id, currency from ledger_accounts where owner_id = ? and kind = 'earnings_pending'),
       page as (
         select id, occurred_at from (
           (select id, occurred_at from ledger_transactions
             where payee_id = ? and kind <> 'month_end' and kind <> 'payout_settled' and (?::bigint is null or id < ?::bigint)
             order by id desc limit ?)
           union all
           (select c.id, c.occurred_at from pending cross join lateral (
              select id, occurred_at from ledger_transactions where account_id = pending.id and kind = 'month_end' and (?::bigint is null or id < ?::bigint)
               order by id desc limit ?) c)
         ) mine order by id desc limit ?)
       select t.id, t.kind, t.description, t.currency, t.occurred_at, t.release_on, t.hold_reason, a.kind as account_kind,
              sum(e.amount_minor) as amount,
              exists (select 1 from pending join ledger_transactions r on r.account_id = pending.id and r.kind = 'month_end'
                       where pending.currency = t.currency and r.release_on >= t.release_on and r.id > t.id) as released,
              p.status as payout_status, p.amount_minor as payout_minor
         from page join ledger_transactions t on t.id = page.id and t.occurred_at = page.occurred_at
         join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
         join ledger_accounts a on a.id = e.account_id and a.owner_id = ?
         left join payouts p on t.kind = 'month_end' and p.account_id = t.account_id and p.period = to_char(t.release_on, 'YYYY-MM')
        group by t.id, t.occurred_at, a.kind, sign(e.amount_minor), p.status, p.amount_minor
        order by t.id desc, a.kind desc, sum(e.amount_minor) desc`,
      [userId, userId, before, before, limit ?? 1_000_000, before, before, limit ?? 1_000_000, limit ?? 1_000_000, userId],
    );
    const items: StatementLine[] = [];
    const closes = new Set<string>();
    for (const row of rows) {
      const amountMinor = Number(row.amount);
      const balance = row.account_kind === 'earnings_pending' ? 'pending' : 'current';
      const base = { transactionId: Number(row.id), currency: row.currency, occurredAt: new Date(row.occurred_at).toISOString(), description: row.description, amountMinor, balance } as const;
      if (row.kind === 'month_end') {
        // A close posts net amounts per account; list it as what happened: a release, then a payout.
        if (closes.has(row.id)) continue;
        closes.add(row.id);
        const released = -rows.filter((other) => other.id === row.id && other.account_kind === 'earnings_pending').reduce((sum, other) => sum + Number(other.amount), 0);
        const close = { ...base, balance: 'current' as const, releaseOn: day(row.release_on), payoutOn: null, holdReason: null };
        if (released !== 0) items.push({ ...close, id: `${row.id}-release`, kind: 'release', amountMinor: released, description: `Released from pending (${row.description})`, status: 'released' });
        if (row.payout_minor !== null) items.push({ ...close, id: `${row.id}-payout`, kind: 'payout', amountMinor: -Number(row.payout_minor), description: `Payout (${row.description})`, status: row.payout_status ?? 'pending' });
        continue;
      }
      const kind = row.kind as StatementLine['kind'];
      // A correction that credits pending (a won dispute's restored share) waits for its release like a sale.
      const isEarning = kind === 'sale' || kind === 'referral' || (kind === 'correction' && amountMinor > 0);
      const releaseOn = day(row.release_on);
      const pendingEarning = isEarning && balance === 'pending' && !row.released;
      items.push({
        ...base,
        id: `${row.id}-${balance}`,
        kind,
        releaseOn,
        payoutOn: pendingEarning && releaseOn ? payoutDayFor(releaseOn) : null,
        holdReason: row.hold_reason,
        status: isEarning ? (row.released ? 'released' : 'pending') : null,
      });
    }
    const lastId = rows.length > 0 ? Number(rows[rows.length - 1].id) : null;
    const distinct = new Set(rows.map((row) => row.id)).size;
    return { items, nextCursor: limit !== null && distinct === limit && lastId !== null ? String(lastId) : null };
  }
}
