import { Command } from '@nestjs/cqrs';
import type { PaymentEvent } from '../../payments/payment-provider.js';
import type { PaymentFactOutcome } from './apply-payment-fact.js';

/** 'duplicate' when the event was received before. */
export type PaymentEventOutcome = PaymentFactOutcome | 'duplicate';

/** Applies one verified provider event to its purchase. */
export class HandlePaymentEventCommand extends Command<PaymentEventOutcome> {
  constructor(
    readonly provider: string,
    readonly event: PaymentEvent,
  ) {
    super();
  }
}
