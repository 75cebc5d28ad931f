import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, SignedTokens, type AppConfig } from '#app/platform';
import { UNSUBSCRIBE_LINK_TTL_SECONDS } from '../../domain/digest.js';

interface UnsubscribeClaims {
  u: string; // the user the digest went to
}

/**
 * The unsubscribe link of a digest: signed for one user and this purpose only, so it turns that
 * user's digest off without signing in (a mail client cannot send a bearer token) and does nothing else.
 */
@Injectable()
export class DigestLinks {
  private readonly tokens: SignedTokens<UnsubscribeClaims>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Clock) clock: Clock,
  ) {
    this.tokens = new SignedTokens(config.JWT_SECRET, 'message-digest-unsubscribe', clock);
  }

  unsubscribeUrl(userId: string): string {
    return `${this.config.PUBLIC_URL}/api/messages/preferences/unsubscribe?token=${this.tokens.sign({ u: userId }, UNSUBSCRIBE_LINK_TTL_SECONDS)}`;
  }

  /** The user a valid, unexpired link names, or null. */
  userOf(token: string): string | null {
    const claims = this.tokens.read(token);
    return claims && typeof claims.u === 'string' ? claims.u : null;
  }
}
