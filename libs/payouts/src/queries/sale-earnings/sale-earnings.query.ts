import { Query } from '@nestjs/cqrs';

/**
 * What a creator earns from each of their sales: their share after the platform's split, as the
 * ledger booked it (a referral commission comes out of the platform's share, never theirs), less
 * what a refund or chargeback took back, by sale id. A sale the ledger has not booked yet is
 * missing from the answer.
 */
export class SaleEarningsQuery extends Query<Record<string, number>> {
  constructor(
    readonly payeeId: string,
    readonly saleIds: string[],
  ) {
    super();
  }
}
