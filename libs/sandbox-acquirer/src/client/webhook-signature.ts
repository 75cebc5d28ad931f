import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every webhook carries: `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, one v1 per active secret. */
export const SIGNATURE_HEADER = 'Acquirer-Signature';

/** Five minutes, as most acquirers: an older (replayed) delivery is refused. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

/** The signature header for `payload` (the exact body bytes as text), signed with every secret. */
export function signWebhookPayload(payload: string, secrets: readonly string[], timestamp: number): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, payload)}`)].join(',');
}

export type SignatureCheck =
  | { valid: true; timestamp: number }
  | {
      valid: false;
      reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'no_matching_signature';
    };

export interface VerifyOptions {
  /** Current time in unix seconds (defaults to the clock): passed in, the function stays pure. */
  now?: number;
  toleranceSeconds?: number;
}

/**
 * Checks a webhook's signature header against the raw body: the timestamp must be within the
 * tolerance and any v1 value must match an HMAC-SHA256 of "t.<body>" under any of `secrets`
 * (so a merchant rotating its secret accepts both for a while).
 */
export function verifyWebhookSignature(
  payload: string,
  header: string | null | undefined,
  secrets: readonly string[],
  { now = Math.floor(Date.now() / 1000), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS }: VerifyOptions = {},
): SignatureCheck {
  if (!header) return { valid: false, reason: 'missing_header' };
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return { valid: false, reason: 'malformed_header' };
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) return { valid: false, reason: 'malformed_header' };
  if (Math.abs(now - timestamp) > toleranceSeconds) return { valid: false, reason: 'timestamp_out_of_tolerance' };
  for (const secret of secrets) {
    const expected = Buffer.from(hmacHex(secret, timestamp, payload), 'hex');
    if (signatures.some((signature) => timingSafeEqual(signature, expected))) return { valid: true, timestamp };
  }
  return { valid: false, reason: 'no_matching_signature' };
}
