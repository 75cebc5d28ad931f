import { Query } from '@nestjs/cqrs';

export interface PayoutView {
  id: string;
  period: string;
  amountMinor: number;
  currency: string;
  method: 'bank' | 'crypto';
  destination: string;
  status: 'pending' | 'submitted' | 'paid' | 'failed';
  failureReason: string | null;
  createdAt: string;
  paidAt: string | null;
}

export class PayoutHistoryQuery extends Query<PayoutView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
