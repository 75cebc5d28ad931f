import { Command } from '@nestjs/cqrs';

export class DeletePaymentMethodCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly methodId: string,
  ) {
    super();
  }
}
