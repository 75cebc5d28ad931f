import { Inject, Injectable } from '@nestjs/common';
import { PurchaseErrors } from '../../commerce.errors.js';
import { purchaseView, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import { PurchaseRepository } from '../../repositories/purchase.repository.js';

/** An Idempotency-Key and the fingerprint of the request that came with it. */
export interface ReplayOf {
  key: string;
  fingerprint: string;
}

/**
 * A retried request (the same Idempotency-Key) answers the purchase it placed the first time, as it is
 * now; the key reused for another request is refused (idempotency_key_reused).
 */
@Injectable()
export class Replays {
  constructor(@Inject(PurchaseRepository) private readonly purchases: PurchaseRepository) {}

  async find(buyerId: string, { key, fingerprint }: ReplayOf): Promise<PurchaseView | null> {
    const purchase = await this.purchases.findByIdempotencyKey(buyerId, key);
    if (!purchase) return null;
    // Purchases from before fingerprints (null) replay as they always did.
    if (purchase.requestHash !== null && purchase.requestHash !== fingerprint)
      throw PurchaseErrors.idempotencyKeyReused();
    return purchaseView(purchase);
  }
}
