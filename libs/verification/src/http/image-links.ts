import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, SignedTokens, type AppConfig } from '#app/platform';

export const IMAGE_KINDS = ['userPhotoWithId', 'idPhoto'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_LINK_TTL_SECONDS = 120;

interface LinkClaims {
  s: string; // submission
  k: ImageKind;
  u: string; // the staff member it was issued to
}

/**
 * Short-lived, signed links to one ID image, issued to one staff member. An <img> cannot send the
 * console's bearer token, so the link itself is the authorisation; it expires in two minutes.
 */
@Injectable()
export class ImageLinks {
  private readonly tokens: SignedTokens<LinkClaims>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(Clock) clock: Clock) {
    this.tokens = new SignedTokens(config.JWT_SECRET, 'verification-image-links', clock);
  }

  issue(submissionId: string, kind: ImageKind, staffId: string): string {
    return `/api/admin/verification-images?token=${this.tokens.sign({ s: submissionId, k: kind, u: staffId }, IMAGE_LINK_TTL_SECONDS)}`;
  }

  read(token: string): LinkClaims | null {
    const claims = this.tokens.read(token);
    return claims && IMAGE_KINDS.includes(claims.k) ? claims : null;
  }
}
