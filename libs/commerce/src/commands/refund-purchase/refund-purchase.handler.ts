import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AuditLog, StaffDecisions } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { purchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';
import { PaymentFacts } from '../handle-payment-event/apply-payment-fact.js';
import { RefundPurchaseCommand } from './refund-purchase.command.js';

@CommandHandler(RefundPurchaseCommand)
export class RefundPurchaseHandler implements ICommandHandler<RefundPurchaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(PaymentFacts) private readonly facts: PaymentFacts,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(StaffDecisions) private readonly decisions: StaffDecisions,
  ) {}

  async execute({ adminId, purchaseId, action, ipAddress }: RefundPurchaseCommand) {
    const em = this.orm.em.fork();
    const sandbox = this.provider.sandbox;
    if (action === 'chargeback' && !sandbox) throw PurchaseErrors.sandboxOnly();
    const purchase = await this.purchases.find(purchaseId);
    if (!purchase) throw PurchaseErrors.purchaseNotFound();
    // An admin never refunds (or disputes) money they paid or were paid; who those are never changes.
    await this.decisions.assertNotOwn(em, adminId, [{ kind: 'purchase', id: purchase.id }]);
    // A disputed payment (even one whose dispute we won) is settled by the dispute, not refunded besides.
    if (purchase.status !== 'paid' || !purchase.providerPaymentId || purchase.disputeStage)
      throw PurchaseErrors.notRefundable();
    if (action === 'refund')
      await this.facts.applyToPurchase(
        purchase.id,
        await this.provider.refund(purchase.id, purchase.providerPaymentId),
      );
    else await sandbox!.openDispute(purchase.providerPaymentId);
    await this.audit.record(em, {
      actorId: adminId,
      action: action === 'refund' ? 'purchase.refund_requested' : 'purchase.chargeback_simulated',
      targetType: 'purchase',
      targetId: purchaseId,
      details: { amountMinor: purchase.amountMinor, currency: purchase.currency },
      ipAddress,
    });
    return purchaseView((await this.purchases.find(purchaseId))!);
  }
}
