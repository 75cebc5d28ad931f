import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { DeletePaymentMethodCommand } from './delete-payment-method.command.js';
import { ListPaymentMethodsQuery } from './list-payment-methods.query.js';

/** The acquirer keeps saved cards under our user id (the customer ref), so a fan only ever reaches their own. */
@QueryHandler(ListPaymentMethodsQuery)
export class ListPaymentMethodsHandler implements IQueryHandler<ListPaymentMethodsQuery> {
  constructor(@Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider) {}

  async execute({ userId }: ListPaymentMethodsQuery) {
    return { items: await this.provider.listSavedMethods(userId) };
  }
}

@CommandHandler(DeletePaymentMethodCommand)
export class DeletePaymentMethodHandler implements ICommandHandler<DeletePaymentMethodCommand> {
  constructor(@Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider) {}

  async execute({ userId, methodId }: DeletePaymentMethodCommand): Promise<void> {
    if (!/^[\w-]{1,100}$/.test(methodId) || !(await this.provider.deleteSavedMethod(userId, methodId)))
      throw PurchaseErrors.paymentMethodNotFound();
  }
}
