import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, SignedTokens, type AppConfig } from '#app/platform';

/** 'download' is the full file served as an attachment: a variant of its own so the signature covers it. */
export type MediaVariant = 'thumbnail' | 'preview' | 'file' | 'download';
const VARIANTS: readonly MediaVariant[] = ['thumbnail', 'preview', 'file', 'download'];
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
    return claims && VARIANTS.includes(claims.v) ? claims : null;
  }
}

/**
 * The name a download is saved under: the uploaded name's stem in plain ASCII (nothing a header or a
 * file system could read as a quote, a path or a control), with the extension of the file served.
 */
export function downloadName(originalName: string, servedKey: string): string {
  const stem = originalName.replace(/\.[^.]*$/, '').normalize('NFKD').replace(/[^A-Za-z0-9 _-]+/g, '_').replace(/ *_[ _]*/g, '_').replace(/^[\s_-]+|[\s_-]+$/g, '').slice(0, 100);
  const extension = /\.([a-z0-9]{1,8})$/i.exec(servedKey)?.[1] ?? 'bin';
  return `${stem || 'download'}.${extension}`;
}
