import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { PayoutMethodQuery, type PayoutMethodView } from './payout-method.query.js';
import { payoutMethodOf } from './payout-method.queries.js';

/** The payout method, with the IBAN reduced to its last four characters: the full number never leaves the server. */
@QueryHandler(PayoutMethodQuery)
export class PayoutMethodHandler implements IQueryHandler<PayoutMethodQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: PayoutMethodQuery): Promise<PayoutMethodView | null> {
    const row = await payoutMethodOf(this.orm.em.fork(), userId);
    if (!row) return null;
    const updatedAt = new Date(row.updated_at).toISOString();
    return row.kind === 'bank'
      ? {
          kind: 'bank',
          accountHolder: row.account_holder!,
          ibanLast4: row.iban!.slice(-4),
          currency: row.currency!,
          updatedAt,
        }
      : { kind: 'crypto', network: 'solana', address: row.address!, updatedAt };
  }
}
