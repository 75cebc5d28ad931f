import { createHmac, createSecretKey, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Clock } from '../clock/clock.js';

/**
 * Short-lived signed tokens for links an <img> or <video> can follow without a bearer header:
 * `base64url(claims).hmac`, keyed per purpose from the server secret, with an expiry (`e`, unix
 * seconds) checked on read. A token of one purpose never verifies for another.
 */
export class SignedTokens<T extends object> {
  // A KeyObject made once: HMAC with a raw Buffer key re-validates the key on every call.
  private readonly key: KeyObject;

  constructor(
    secret: string,
    purpose: string,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'fanmint', purpose, 32)));
  }

  sign(claims: T, ttlSeconds: number): string {
    const body = Buffer.from(
      JSON.stringify({ ...claims, e: Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds }),
    ).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a valid, unexpired token, or null. */
  read(token: string): T | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const { e, ...claims } = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { e: unknown };
      return typeof e === 'number' && e >= Math.floor(this.clock.now().getTime() / 1000) ? (claims as T) : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
