import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { PurchaseErrors } from '../../commerce.errors.js';
import { ExpireCheckouts } from '../expire-checkouts/expire-checkouts.js';
import { purchaseSelect, toPurchaseView, type PurchaseRow, type PurchaseView } from '../../queries/purchases/purchase-view.js';
import type { PurchaseRequest } from './purchase.command.js';

/** What holds an item or a subscription for its buyer: a unique index of purchases. */
export type Held = 'content' | 'subscription' | 'message';

/** The unique index a failed insert ran into, if it is one that holds an item or a subscription. */
export function heldBy(error: unknown): Held | null {
  if (/purchases_owned_content/.test(String(error))) return 'content';
  if (/purchases_owned_message/.test(String(error))) return 'message';
  if (/purchases_pending_subscription/.test(String(error))) return 'subscription';
  return null;
}

export const heldError = (held: Held) =>
  held === 'content' ? PurchaseErrors.alreadyOwned() : held === 'message' ? PurchaseErrors.alreadyUnlocked() : PurchaseErrors.alreadySubscribed();

export interface OpenAttempt {
  purchase: PurchaseView;
  requestHash: string | null;
  checkoutExpiresAt: Date | null;
}

/**
 * A fan whose card was declined, or who left the hosted page, and clicks Buy again: their open
 * attempt (pending or requires_action) still holds the item or the store's subscription. The same
 * request takes them back to that attempt's hosted page (it stays open for another card); another
 * request (another method, another referral link), or one whose page has lapsed, ends the old
 * attempt so a new one can start. A renewal in flight is not the fan's attempt and keeps holding.
 */
@Injectable()
export class OpenAttempts {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ExpireCheckouts) private readonly checkouts: ExpireCheckouts,
  ) {}

  /** The buyer's open checkout of the same item, or of the same store's subscription. */
  async find(buyerId: string, held: Held, request: PurchaseRequest): Promise<OpenAttempt | null> {
    const sameThing =
      held === 'content'
        ? `p.kind = 'content' and p.content_id = ?::uuid`
        : held === 'message'
          ? `p.kind in ('message', 'message_fee') and p.message_id = ?::uuid`
          : `p.kind = 'subscription' and s.slug = lower(?) and p.period_start is null`;
    const [row] = await this.orm.em
      .fork()
      .execute<(PurchaseRow & { request_hash: string | null; checkout_expires_at: Date | null })[]>(
        `${purchaseSelect('p.request_hash, p.checkout_expires_at, ')} where p.buyer_id = ? and p.status in ('pending', 'requires_action') and ${sameThing} order by p.created_at desc limit 1`,
        [buyerId, held === 'content' ? request.contentId : held === 'message' ? request.messageId : request.storeSlug],
      );
    if (!row) return null;
    return { purchase: toPurchaseView(row), requestHash: row.request_hash, checkoutExpiresAt: row.checkout_expires_at && new Date(row.checkout_expires_at) };
  }

  /** The same purchase asked for again while its hosted page (or invoice) is still open. */
  answersAgain(attempt: OpenAttempt, fingerprint: string): boolean {
    const lapsed = attempt.checkoutExpiresAt !== null && attempt.checkoutExpiresAt <= this.clock.now();
    return attempt.requestHash === fingerprint && !lapsed;
  }

  /**
   * Ends the old attempt: the provider is asked first, so one paid meanwhile becomes paid (and
   * keeps holding); otherwise it expires, releasing nothing. PaymentsUnavailable when the provider
   * cannot say: starting another checkout could charge the fan twice.
   */
  async end(attempt: OpenAttempt): Promise<void> {
    await this.checkouts.expire(attempt.purchase.id);
  }
}
