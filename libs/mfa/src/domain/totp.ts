import { generateSecret, verify } from 'otplib';
import QRCode from 'qrcode';

/** Contract §7: SHA1, 6 digits, 30 s steps, a 20-byte base32 secret; ±1 step of clock skew. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const CHALLENGE_LIFETIME_MS = 300_000;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** Every parameter spelled out, as GoTrue does (contract §7), so no authenticator has to guess a default. */
export function totpUri(issuer: string, account: string, secret: string): string {
  const params = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD_SECONDS),
    secret,
  });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params.toString()}`;
}

/** Raw SVG, as the auth client expects (it adds the data: prefix itself). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** The time step the code belongs to (within ±1 step of `now`), or null when it matches none. */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    algorithm: 'sha1',
  });
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}
