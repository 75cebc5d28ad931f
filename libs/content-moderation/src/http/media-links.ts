import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, SignedTokens, type AppConfig } from '#app/platform';

export type MediaVariant = 'thumbnail' | 'preview' | 'file';
export const MEDIA_LINK_TTL_SECONDS = 600;

interface Claims {
  m: string; // media id
  v: MediaVariant;
}

/**
 * Media are private until approved, and an <img> or <video> cannot send a bearer token: whoever
 * may see an item (its creator, staff, anyone once approved) gets links signed for ten minutes.
 */
@Injectable()
export class MediaLinks {
  private readonly tokens: SignedTokens<Claims>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(Clock) clock: Clock) {
    this.tokens = new SignedTokens(config.JWT_SECRET, 'content-media-links', clock);
  }

  issue(mediaId: string, variant: MediaVariant): string {
    return `/api/media?token=${this.tokens.sign({ m: mediaId, v: variant }, MEDIA_LINK_TTL_SECONDS)}`;
  }

  read(token: string): Claims | null {
    const claims = this.tokens.read(token);
    return claims && (claims.v === 'thumbnail' || claims.v === 'preview' || claims.v === 'file') ? claims : null;
  }
}
