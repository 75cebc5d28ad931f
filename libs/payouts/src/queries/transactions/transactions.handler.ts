import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { payoutDayFor } from '../../domain/next-payout.js';
import { TransactionsQuery, type StatementLine } from './transactions.query.js';
import { statementRows } from './transactions.queries.js';

const day = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

@QueryHandler(TransactionsQuery)
export class TransactionsHandler implements IQueryHandler<TransactionsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({
    userId,
    before,
    limit,
  }: TransactionsQuery): Promise<{ items: StatementLine[]; nextCursor: string | null }> {
    const rows = await statementRows(this.orm.em.fork(), userId, before, limit);
    const items: StatementLine[] = [];
    const closes = new Set<string>();
    for (const row of rows) {
      const amountMinor = Number(row.amount);
      const balance = row.account_kind === 'earnings_pending' ? 'pending' : 'current';
      const base = {
        transactionId: Number(row.id),
        currency: row.currency,
        occurredAt: new Date(row.occurred_at).toISOString(),
        description: row.description,
        amountMinor,
        balance,
      } as const;
      if (row.kind === 'month_end') {
        // A close posts net amounts per account; list it as what happened: a release, then a payout.
        if (closes.has(row.id)) continue;
        closes.add(row.id);
        const released = -rows
          .filter((other) => other.id === row.id && other.account_kind === 'earnings_pending')
          .reduce((sum, other) => sum + Number(other.amount), 0);
        const close = {
          ...base,
          balance: 'current' as const,
          releaseOn: day(row.release_on),
          payoutOn: null,
          holdReason: null,
        };
        if (released !== 0)
          items.push({
            ...close,
            id: `${row.id}-release`,
            kind: 'release',
            amountMinor: released,
            description: `Released from pending (${row.description})`,
            status: 'released',
          });
        if (row.payout_minor !== null)
          items.push({
            ...close,
            id: `${row.id}-payout`,
            kind: 'payout',
            amountMinor: -Number(row.payout_minor),
            description: `Payout (${row.description})`,
            status: row.payout_status ?? 'pending',
          });
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
