import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';

export type MediaVariant = 'thumbnail' | 'file';
export const MEDIA_LINK_TTL_SECONDS = 600;

interface Claims {
  m: string; // media id
  v: MediaVariant;
  e: number; // expiry, unix seconds
}

/**
 * Media are private until approved, and an <img> or <video> cannot send a bearer token: whoever
 * may see an item (its creator, staff, anyone once approved) gets links signed for ten minutes.
 */
@Injectable()
export class MediaLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'fanmint', 'content-media-links', 32));
  }

  issue(mediaId: string, variant: MediaVariant): string {
    const body = Buffer.from(JSON.stringify({ m: mediaId, v: variant, e: Math.floor(this.clock.now().getTime() / 1000) + MEDIA_LINK_TTL_SECONDS } satisfies Claims)).toString('base64url');
    return `/api/media?token=${body}.${this.sign(body)}`;
  }

  read(token: string): Claims | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Claims;
      return claims.e >= Math.floor(this.clock.now().getTime() / 1000) && (claims.v === 'thumbnail' || claims.v === 'file') ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
