import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox acquirer's webhook signature, checked on our side: `Acquirer-Signature:
 * t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, each v1 an HMAC-SHA256 of "<t>.<raw body>" under one of
 * its active secrets. Our own copy (a real provider's SDK would be a separate package too).
 */
export const ACQUIRER_SIGNATURE_HEADER = 'acquirer-signature';

/** Older (or newer) signatures are refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Whether the header signs this exact body, recently, under any of our secrets (rotation). */
export function verifyAcquirerSignature(
  rawBody: string,
  header: string | undefined,
  secrets: readonly string[],
  nowSeconds: number,
): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const given: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return false;
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) given.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || given.length === 0 || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    return false;
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
    return given.some((signature) => timingSafeEqual(signature, expected));
  });
}
