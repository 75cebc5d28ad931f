import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signatures older (or newer) than this are refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Whether `Fanmint-Signature: t=<unix>,v1=<hex>` signs this exact body, recently. */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, nowSeconds: number): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
