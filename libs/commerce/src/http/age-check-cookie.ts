import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, SignedTokens, type AppConfig } from '#app/platform';

/** The HttpOnly cookie that says this browser's visitor declared being 18 or older (SPEC §2, §6). */
export const AGE_CHECK_COOKIE = 'fanmint_age';
const AGE_CHECK_MAX_AGE_SECONDS = 365 * 24 * 3600;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * The age check of adult stores is a self-declaration, so a signed cookie is enough: the server
 * (not the page) decides whether an anonymous visitor passed it, and an <img> of the store sends it.
 */
@Injectable()
export class AgeCheckCookie {
  private readonly tokens: SignedTokens<{ a: 1 }>;
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(Clock) clock: Clock) {
    this.tokens = new SignedTokens(config.JWT_SECRET, 'age-check-cookie', clock);
    this.secure = config.PUBLIC_URL.startsWith('https:');
  }

  passed(cookieHeader: string | undefined): boolean {
    const value = readCookie(cookieHeader, AGE_CHECK_COOKIE);
    return value !== undefined && this.tokens.read(value) !== null;
  }

  /** The Set-Cookie header value recording a passed check in this browser. */
  header(): string {
    return [
      `${AGE_CHECK_COOKIE}=${this.tokens.sign({ a: 1 }, AGE_CHECK_MAX_AGE_SECONDS)}`,
      'Path=/',
      `Max-Age=${AGE_CHECK_MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }
}
