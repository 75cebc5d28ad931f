import { Query } from '@nestjs/cqrs';
import type { SavedMethod } from '../../payments/payment-provider.js';

export class ListPaymentMethodsQuery extends Query<{ items: SavedMethod[] }> {
  constructor(readonly userId: string) {
    super();
  }
}
