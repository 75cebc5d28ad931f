import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { SaleEarningsQuery } from './sale-earnings.query.js';
import { netBySale } from './sale-earnings.queries.js';

@QueryHandler(SaleEarningsQuery)
export class SaleEarningsHandler implements IQueryHandler<SaleEarningsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ payeeId, saleIds }: SaleEarningsQuery): Promise<Record<string, number>> {
    if (saleIds.length === 0) return {};
    const rows = await netBySale(this.orm.em.fork(), payeeId, saleIds);
    return Object.fromEntries(rows.map((row) => [row.sale_id, Number(row.net)]));
  }
}
