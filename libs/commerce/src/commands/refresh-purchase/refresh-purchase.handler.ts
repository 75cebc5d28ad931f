import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { GetPurchaseQuery } from '../../queries/purchases/purchases.query.js';
import type { PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { PaymentFacts } from '../handle-payment-event/apply-payment-fact.js';
import { RefreshPurchaseCommand } from './refresh-purchase.command.js';

/**
 * Retrieves the purchase's checkout or payment from the provider and applies it through the same
 * aggregate as a webhook (the webhook that follows is then a no-op). Another fan's purchase is 404.
 */
@CommandHandler(RefreshPurchaseCommand)
export class RefreshPurchaseHandler implements ICommandHandler<RefreshPurchaseCommand> {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ buyerId, purchaseId }: RefreshPurchaseCommand): Promise<PurchaseView> {
    const purchase = await this.purchases.find(purchaseId, { buyerId });
    if (!purchase) throw PurchaseErrors.purchaseNotFound();
    const fact = await this.provider.retrieve(purchase);
    if (fact) await this.facts.applyToPurchase(purchase.id, fact);
    return this.queries.execute(new GetPurchaseQuery(buyerId, purchaseId));
  }
}
