import { Command } from '@nestjs/cqrs';
import type { PaymentEvent } from '../../payments/payment-provider.js';

/** 'duplicate' when the event was received before; 'refused' when its payment id, amount or currency are not its purchase's. */
export type PaymentEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';

/** Applies one verified provider event to its purchase. */
export class HandlePaymentEventCommand extends Command<PaymentEventOutcome> {
  constructor(
    readonly provider: string,
    readonly event: PaymentEvent,
  ) {
    super();
  }
}
