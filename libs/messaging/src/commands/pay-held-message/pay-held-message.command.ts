import { Command } from '@nestjs/cqrs';
import type { PurchaseView } from '#app/commerce';

/**
 * The fan pays again for their own message held for the creator's price per message (its checkout
 * failed or expired): a new checkout of kind message_fee, or the one still open.
 */
export class PayHeldMessageCommand extends Command<PurchaseView> {
  constructor(
    readonly conversationId: string,
    readonly userId: string,
    readonly messageId: string,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
