import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';

export const IMAGE_KINDS = ['userPhotoWithId', 'idPhoto'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_LINK_TTL_SECONDS = 120;

interface LinkClaims {
  s: string; // submission
  k: ImageKind;
  u: string; // the staff member it was issued to
  e: number; // expiry, unix seconds
}

/**
 * Short-lived, signed links to one ID image, issued to one staff member. An <img> cannot send the
 * console's bearer token, so the link itself is the authorisation; it expires in two minutes.
 */
@Injectable()
export class ImageLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'fanmint', 'verification-image-links', 32));
  }

  issue(submissionId: string, kind: ImageKind, staffId: string): string {
    const claims: LinkClaims = { s: submissionId, k: kind, u: staffId, e: Math.floor(this.clock.now().getTime() / 1000) + IMAGE_LINK_TTL_SECONDS };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `/api/admin/verification-images?token=${body}.${this.sign(body)}`;
  }

  /** The claims of a valid, unexpired link token; null otherwise. */
  read(token: string): LinkClaims | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as LinkClaims;
      if (!IMAGE_KINDS.includes(claims.k) || typeof claims.e !== 'number') return null;
      return claims.e >= Math.floor(this.clock.now().getTime() / 1000) ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
