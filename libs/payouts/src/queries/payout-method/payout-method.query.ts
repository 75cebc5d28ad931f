import { Query } from '@nestjs/cqrs';

export type PayoutMethodView =
  | { kind: 'bank'; accountHolder: string; ibanLast4: string; currency: string; updatedAt: string }
  | { kind: 'crypto'; network: 'solana'; address: string; updatedAt: string };

export class PayoutMethodQuery extends Query<PayoutMethodView | null> {
  constructor(readonly userId: string) {
    super();
  }
}
