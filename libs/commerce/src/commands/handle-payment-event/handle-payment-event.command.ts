import { Command } from '@nestjs/cqrs';
import type { PaymentEvent } from '../../payments/payment-provider.js';

/** Applies one verified provider event to its purchase; 'duplicate' when the event was applied before. */
export class HandlePaymentEventCommand extends Command<'applied' | 'duplicate' | 'ignored'> {
  constructor(
    readonly provider: string,
    readonly event: PaymentEvent,
  ) {
    super();
  }
}
