import { createSecretKey, webcrypto, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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

/** HS256 access tokens with the claim set of contract §5. */
@Injectable()
export class JwtService {
  private readonly key: KeyObject;
  /** The same secret as a WebCrypto key, imported once: jose would import a KeyObject on every verify. */
  private verifyKey?: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and issuer/audience checked out, with their claims. The same bytes
   * verify the same way every time, so a known token is only checked for expiry on the clock;
   * the caller still checks its user and session on every request.
   */
  private readonly verified = new LRUCache<string, AccessClaims>({ max: 5_000 });
  readonly issuer: string;
  readonly expiresIn: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
    this.issuer = `${config.PUBLIC_URL}/auth/v1`;
    this.expiresIn = config.JWT_EXPIRY_SECONDS;
  }

  async sign(claims: Omit<AccessClaims, 'iss' | 'aud' | 'exp' | 'iat' | 'role'>): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAt = iat + this.expiresIn;
    const token = await new SignJWT({ ...claims, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience('authenticated')
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      // As jose decides: expired once the clock reaches exp.
      if (known.exp <= Math.floor(this.clock.now().getTime() / 1000)) throw IdentityErrors.badJwt('token has invalid claims: token is expired');
      return known;
    }
    try {
      this.verifyKey ??= webcrypto.subtle.importKey('raw', this.key.export(), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      const { payload } = await jwtVerify(token, await this.verifyKey, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: 'authenticated',
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') {
        throw IdentityErrors.badJwt('invalid claim: missing sub claim');
      }
      this.verified.set(token, payload as unknown as AccessClaims);
      return payload as unknown as AccessClaims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw IdentityErrors.badJwt('token has invalid claims: token is expired');
      if (error instanceof joseErrors.JOSEError) throw IdentityErrors.badJwt(error.message);
      throw error;
    }
  }
}
