import { createHash } from 'node:crypto';
import type { PurchaseRequest } from './purchase.command.js';

/**
 * What a replayed Idempotency-Key must repeat: the same purchase request. Where the fan returns to
 * afterwards does not make it another purchase.
 */
export function requestFingerprint(request: PurchaseRequest): string {
  const canonical = [
    request.kind,
    request.contentId?.toLowerCase() ?? null,
    request.storeSlug?.toLowerCase() ?? null,
    request.amountMinor ?? null,
    request.message ?? null,
    request.method,
    request.referralCode ?? null,
    // Paid messages' references, only when present: the fingerprints of every other request stay as they were.
    ...(request.messageId || request.conversationId
      ? [request.messageId?.toLowerCase() ?? null, request.conversationId?.toLowerCase() ?? null]
      : []),
    // A post's, likewise only when present.
    ...(request.postId ? [request.postId.toLowerCase()] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}
