import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { purchaseView, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import {
  PurchaseHeld,
  PurchaseRepository,
  type PurchaseRecord,
  type SaleItem,
} from '../../repositories/purchase.repository.js';
import { newPurchaseId } from '../../repositories/purchase-id.js';
import { MessageSales } from './message-sale.js';
import { PostSales } from './post-sale.js';
import { CheckoutOpener, needsCheckout } from './open-checkout.js';
import { checkRequest, SalePricing } from './price-sale.js';
import { PurchaseCommand, type PurchaseRequest } from './purchase.command.js';
import { Replays, type ReplayOf } from './replay.js';
import { requestFingerprint } from './request-fingerprint.js';
import { Takeovers } from './take-over.js';

/** The purchase this request placed (`written`: as this request wrote it), or the one it answers again. */
interface Placed {
  purchase: PurchaseView;
  created: boolean;
  written?: PurchaseRecord;
}

/**
 * The checkout, in named steps: pricing (price-sale.ts), one write of the pending purchase (nothing for a
 * replayed Idempotency-Key: replay.ts answers it), a takeover of the buyer's own open attempt at the same
 * thing (take-over.ts), then the provider's checkout (open-checkout.ts: a hosted page, or a crypto invoice).
 * A replay whose checkout never opened (the provider was down) asks again with the same purchase id, so it
 * gets the same checkout.
 */
@CommandHandler(PurchaseCommand)
export class PurchaseHandler implements ICommandHandler<PurchaseCommand> {
  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PurchaseRepository) private readonly purchases: PurchaseRepository,
    @Inject(SalePricing) private readonly pricing: SalePricing,
    @Inject(Replays) private readonly replays: Replays,
    @Inject(Takeovers) private readonly takeovers: Takeovers,
    @Inject(MessageSales) private readonly messageSales: MessageSales,
    @Inject(PostSales) private readonly postSales: PostSales,
    @Inject(CheckoutOpener) private readonly checkouts: CheckoutOpener,
  ) {}

  async execute({
    buyerId,
    idempotencyKey,
    request,
  }: PurchaseCommand): Promise<{ purchase: PurchaseView; created: boolean }> {
    checkRequest(request);
    const placed = await this.place(buyerId, request, {
      key: idempotencyKey,
      fingerprint: requestFingerprint(request),
    });
    const purchase = needsCheckout(placed.purchase)
      ? await this.checkouts.open(buyerId, placed.purchase, placed.written ?? null)
      : placed.purchase;
    return { purchase, created: placed.created };
  }

  private async place(buyerId: string, request: PurchaseRequest, replayOf: ReplayOf, retried = false): Promise<Placed> {
    const priced = await this.pricing.price(request, buyerId, replayOf);
    if ('replay' in priced) return { purchase: priced.replay, created: false };
    let written: PurchaseRecord | null;
    try {
      written = await this.write(buyerId, request, replayOf, priced);
    } catch (error) {
      if (!(error instanceof PurchaseHeld)) throw error;
      const takeover = await this.takeovers.takeOver(buyerId, error.held, request, replayOf, retried);
      if ('answer' in takeover) return { purchase: takeover.answer, created: false };
      return this.place(buyerId, request, replayOf, true);
    }
    if (!written) {
      const replay = await this.replays.find(buyerId, replayOf);
      if (replay) return { purchase: replay, created: false };
      throw await this.pricing.refusal(priced, buyerId);
    }
    if (priced.kind === 'message')
      await this.messageSales.confirm(
        buyerId,
        priced.offer.messageId,
        request.kind as 'message' | 'message_fee',
        written.id,
      );
    if (priced.kind === 'post') await this.postSales.confirm(buyerId, { ...written, postId: priced.offer.postId });
    return { purchase: purchaseView(written), created: true, written };
  }

  private write(
    buyerId: string,
    request: PurchaseRequest,
    replayOf: ReplayOf,
    item: SaleItem,
  ): Promise<PurchaseRecord | null> {
    const now = this.clock.now();
    return this.purchases.insertSale({
      item,
      id: newPurchaseId(now),
      buyerId,
      kind: request.kind,
      method: request.method,
      message: request.kind === 'tip' ? (request.message ?? null) : null,
      idempotencyKey: replayOf.key,
      requestHash: replayOf.fingerprint,
      provider: this.provider.name,
      returnTo: request.returnTo ?? null,
      referralCode: request.referralCode ?? null,
      createdAt: now,
    });
  }
}
