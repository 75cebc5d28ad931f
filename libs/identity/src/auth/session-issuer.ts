import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../entities/user.entity.js';
import { Session, type Aal } from '../entities/session.entity.js';
import { RefreshToken } from '../entities/refresh-token.entity.js';
import { AmrClaim, type AuthMethod } from '../entities/amr-claim.entity.js';
import { newSecureToken } from '../domain/secure-token.js';
import { appMetadata, toUserJson, userMetadata, type FactorJson } from '../domain/user-json.js';
import { AccessTokens } from './access-tokens.js';
import { FactorReader } from './factor-reader.js';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Methods that prove a second factor and so lift a session to aal2. */
export const SECOND_FACTOR_METHODS = new Set(['totp', 'recovery_code']);

/** Opens sessions, mints refresh tokens and renders the Session response of contract §2. */
@Injectable()
export class SessionIssuer {
  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(FactorReader) private readonly factors: FactorReader,
  ) {}

  /** Persists a new session for `user` in `em` (caller flushes) and returns its response. */
  async open(em: EntityManager, user: User, method: AuthMethod, client: ClientInfo): Promise<SessionResponse> {
    const now = this.clock.now();
    const session = em.create(Session, {
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      authenticatedAt: now,
      createdAt: now,
      updatedAt: now,
    } as never);
    em.persist(session);
    em.persist(
      em.create(AmrClaim, {
        sessionId: session.id,
        authenticationMethod: method,
        createdAt: now,
        updatedAt: now,
      } as never),
    );
    const refreshToken = this.mintRefreshToken(em, session, null);
    user.lastSignInAt = now;
    await em.flush();
    return this.respond(em, user, session, refreshToken, [{ method, timestamp: Math.floor(now.getTime() / 1000) }]);
  }

  mintRefreshToken(em: EntityManager, session: Session, parentHash: string | null): string {
    const { token, hash } = newSecureToken(24);
    em.persist(
      em.create(RefreshToken, { tokenHash: hash, parentHash, userId: session.userId, sessionId: session.id } as never),
    );
    return token;
  }

  async amrFor(em: EntityManager, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
    const claims = await em.find(AmrClaim, { sessionId }, { orderBy: { updatedAt: 'desc' } });
    return claims.map((claim) => ({
      method: claim.authenticationMethod,
      timestamp: Math.floor(claim.updatedAt.getTime() / 1000),
    }));
  }

  async respond(
    em: EntityManager,
    user: User,
    session: Session,
    refreshToken: string,
    amr?: { method: string; timestamp: number }[],
  ): Promise<SessionResponse> {
    const claims = amr ?? (await this.amrFor(em, session.id));
    // Both must hold: removing 2FA sets the session to aal1, whatever claims are left over.
    const aal: Aal =
      session.aal === 'aal2' && claims.some((claim) => SECOND_FACTOR_METHODS.has(claim.method)) ? 'aal2' : 'aal1';
    const factors: FactorJson[] = await this.factors.forUser(user.id);
    const { token, expiresAt } = this.tokens.sign({
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: appMetadata(user),
      user_metadata: userMetadata(user),
      aal,
      amr: claims,
      session_id: session.id,
      is_anonymous: false,
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.tokens.expiresIn,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toUserJson(user, factors),
    };
  }
}
