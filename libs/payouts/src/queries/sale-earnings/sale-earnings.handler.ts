import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { SaleEarningsQuery } from './sale-earnings.query.js';

@QueryHandler(SaleEarningsQuery)
export class SaleEarningsHandler implements IQueryHandler<SaleEarningsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ payeeId, saleIds }: SaleEarningsQuery): Promise<Record<string, number>> {
    if (saleIds.length === 0) return {};
    // The sale's booking and its reversal, if any: a refunded or charged-back sale nets to nothing.
    // The ids travel as one JSON parameter: a long range of sales is one statement, whatever its size.
    const rows = await this.orm.em.fork().execute<{ sale_id: string; net: string }[]>(
      `select t.sale_id, sum(e.amount_minor) as net
         from ledger_transactions t
         join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
         join ledger_accounts a on a.id = e.account_id and a.owner_id = ?
        where t.sale_id in (select jsonb_array_elements_text(?::jsonb)) and t.kind in ('sale', 'refund', 'chargeback') and t.payee_id = ?
        group by t.sale_id`,
      [payeeId, JSON.stringify(saleIds), payeeId],
    );
    return Object.fromEntries(rows.map((row) => [row.sale_id, Number(row.net)]));
  }
}
