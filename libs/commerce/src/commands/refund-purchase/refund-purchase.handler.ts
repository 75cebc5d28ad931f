import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AuditLog } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-payment-provider.js';
import { PURCHASE_SELECT, toPurchaseView, type PurchaseRow } from '../../queries/purchases/purchase-view.js';
import { RefundPurchaseCommand } from './refund-purchase.command.js';

@CommandHandler(RefundPurchaseCommand)
export class RefundPurchaseHandler implements ICommandHandler<RefundPurchaseCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  async execute({ adminId, purchaseId, action, ipAddress }: RefundPurchaseCommand) {
    const em = this.orm.em.fork();
    if (action === 'chargeback' && !(this.provider instanceof SandboxPaymentProvider)) throw PurchaseErrors.sandboxOnly();
    const [row] = await em.execute<PurchaseRow[]>(`${PURCHASE_SELECT} where p.id = ?`, [purchaseId]);
    if (!row) throw PurchaseErrors.purchaseNotFound();
    if (row.status !== 'paid') throw PurchaseErrors.notRefundable();
    const accepted = action === 'refund' ? await this.provider.refund(purchaseId) : await (this.provider as SandboxPaymentProvider).chargeback(purchaseId);
    if (!accepted) throw PurchaseErrors.notRefundable();
    await this.audit.record(em, {
      actorId: adminId,
      action: action === 'refund' ? 'purchase.refund_requested' : 'purchase.chargeback_simulated',
      targetType: 'purchase',
      targetId: purchaseId,
      details: { amountMinor: Number(row.amount_minor), currency: row.currency },
      ipAddress,
    });
    return toPurchaseView(row);
  }
}
