import { createHash } from 'node:crypto';
import { cardDigits } from '../../domain/card.js';
import type { PurchaseRequest } from './purchase.command.js';

/**
 * What a replayed Idempotency-Key must repeat: the same purchase request. The card counts by its
 * last four digits, expiry and name only, so no card number or CVC is kept, even hashed.
 */
export function requestFingerprint(request: PurchaseRequest): string {
  const card = request.card ? { last4: cardDigits(request.card.number).slice(-4), expiry: request.card.expiry.replace(/\s/g, ''), name: request.card.name.trim() } : null;
  const canonical = [
    request.kind,
    request.contentId?.toLowerCase() ?? null,
    request.storeSlug?.toLowerCase() ?? null,
    request.amountMinor ?? null,
    request.message ?? null,
    request.method,
    request.referralCode ?? null,
    card,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}
