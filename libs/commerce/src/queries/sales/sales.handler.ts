import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { toCsv } from '#app/platform';
import { SaleEarningsQuery } from '#app/payouts';
import { formatMinor, maskBuyer } from '../../domain/money.js';
import { daysBetween } from './sales-range.js';
import { creatorSales, type SaleRow } from './sales.queries.js';
import { ExportSalesQuery, SalesQuery, type SalesRange, type SalesView } from './sales.query.js';

const ITEMS_SHOWN = 200;
const titleOf = (row: SaleRow) => row.content_title ?? (row.kind === 'tip' ? 'Tip' : 'Monthly subscription');

/** Both sales queries read the creator's sales through creatorSales (sales.queries.ts). */
abstract class SalesReader {
  constructor(protected readonly orm: MikroORM) {}

  protected sales(creatorId: string, range: SalesRange) {
    return creatorSales(this.orm, creatorId, range);
  }
}

@QueryHandler(SalesQuery)
export class SalesHandler extends SalesReader implements IQueryHandler<SalesQuery> {
  constructor(
    @Inject(MikroORM) orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {
    super(orm);
  }

  async execute({ creatorId, range }: SalesQuery): Promise<SalesView> {
    const { currency, rows } = await this.sales(creatorId, range);
    // Net is the creator's share as payouts booked it; a sale seconds old may not be booked yet (null).
    const net = await this.queries.execute(
      new SaleEarningsQuery(
        creatorId,
        rows.map((row) => row.id),
      ),
    );
    const daily = new Map(daysBetween(range.from, range.to).map((date) => [date, { date, grossMinor: 0, count: 0 }]));
    const byKind = new Map<string, { kind: string; grossMinor: number; count: number }>();
    const totals = { grossMinor: 0, netMinor: 0, count: 0, refundedMinor: 0 };
    for (const row of rows.filter((sale) => sale.currency === currency)) {
      const gross = Number(row.amount_minor);
      totals.grossMinor += gross;
      totals.netMinor += net[row.id] ?? 0;
      totals.count += 1;
      if (row.status !== 'paid') totals.refundedMinor += gross;
      const day = daily.get(new Date(row.paid_at).toISOString().slice(0, 10));
      if (day) {
        day.grossMinor += gross;
        day.count += 1;
      }
      const kind = byKind.get(row.kind) ?? { kind: row.kind, grossMinor: 0, count: 0 };
      kind.grossMinor += gross;
      kind.count += 1;
      byKind.set(row.kind, kind);
    }
    return {
      currency,
      totals,
      daily: [...daily.values()],
      byKind: [...byKind.values()].sort((a, b) => b.grossMinor - a.grossMinor),
      items: rows.slice(0, ITEMS_SHOWN).map((row) => ({
        id: row.id,
        kind: row.kind,
        title: titleOf(row),
        buyer: maskBuyer(row.buyer_id),
        grossMinor: Number(row.amount_minor),
        netMinor: net[row.id] ?? null,
        currency: row.currency,
        method: row.method,
        status: row.status,
        disputeStage: row.dispute_stage,
        message: row.message,
        createdAt: new Date(row.paid_at).toISOString(),
      })),
    };
  }
}

@QueryHandler(ExportSalesQuery)
export class ExportSalesHandler extends SalesReader implements IQueryHandler<ExportSalesQuery> {
  constructor(@Inject(MikroORM) orm: MikroORM) {
    super(orm);
  }

  async execute({ creatorId, range }: ExportSalesQuery): Promise<string> {
    const { rows } = await this.sales(creatorId, range);
    const records = rows.map((row) => [
      new Date(row.paid_at).toISOString(),
      row.id,
      row.kind,
      titleOf(row),
      maskBuyer(row.buyer_id),
      formatMinor(Number(row.amount_minor)),
      row.currency,
      row.method,
      row.status,
    ]);
    return toCsv(['date', 'sale_id', 'kind', 'item', 'buyer', 'gross', 'currency', 'method', 'status'], records);
  }
}
