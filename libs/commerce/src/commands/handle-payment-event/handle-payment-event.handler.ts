import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { PaymentFacts } from './apply-payment-fact.js';
import { HandlePaymentEventCommand, type PaymentEventOutcome } from './handle-payment-event.command.js';

/**
 * The provider's word on a payment, by webhook. The event id is claimed in the same transaction as
 * the change, so a redelivered event, or two deliveries at once, change nothing twice; a refused
 * one (not its purchase's payment) is kept with the reason.
 */
@CommandHandler(HandlePaymentEventCommand)
export class HandlePaymentEventHandler implements ICommandHandler<HandlePaymentEventCommand> {
  private readonly logger = new Logger(HandlePaymentEventHandler.name);

  constructor(
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ provider, event }: HandlePaymentEventCommand): Promise<PaymentEventOutcome> {
    return this.purchases.transaction(async (em) => {
      const { claimed, purchase } = await this.purchases.claimEventAndLock(em, {
        provider,
        eventId: event.id,
        type: event.type,
        reference: event.reference,
        receivedAt: this.clock.now(),
      });
      if (!claimed) return 'duplicate';
      if (!purchase) {
        this.logger.warn(`${provider} event ${event.id} names unknown purchase ${event.reference}`);
        return 'ignored';
      }
      const { outcome, reason } = await this.facts.apply(em, purchase, event, event.id);
      if (outcome === 'refused') await this.purchases.refuseEvent(em, provider, event.id, reason ?? '');
      return outcome;
    });
  }
}
