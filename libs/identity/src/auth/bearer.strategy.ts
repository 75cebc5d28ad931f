import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import { User } from '../entities/user.entity.js';
import { IdentityErrors } from '../identity.errors.js';
import { AccessTokens, type AccessClaims } from './access-tokens.js';
import { UserSessionReadModel } from './user-session.read-model.js';

export interface AuthContext {
  user: User;
  sessionId: string;
  /** The token's claims, except `aal`: the session's current level in the database (never above the token's). */
  claims: AccessClaims;
  accessToken: string;
  /** When this session's owner last proved who they are (sign-in, second factor, re-authentication). */
  authenticatedAt: Date | null;
}

/**
 * What the strategy reads of a request, whichever HTTP server Nest runs on: Passport calls it
 * with the request object Nest hands the guard, and only its headers are read.
 */
export interface BearerRequest {
  headers: IncomingHttpHeaders;
  auth?: AuthContext;
}

/** Passport's authenticate options as BearerGuard passes them (see `validate`). */
export interface BearerAuthenticateOptions {
  session: false;
  strategy?: BearerStrategy;
}

/**
 * Passport's 'bearer' strategy: a request is signed in only with a valid access token whose user
 * and session still exist, as GoTrue does, so signing out or a detected refresh-token reuse ends
 * the token's validity at once. A custom strategy rather than passport-jwt because the token
 * alone is not enough: the session row is read on every request.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(UserSessionReadModel) private readonly userSessions: UserSessionReadModel,
  ) {
    super({ passOptionsToCallback: true });
  }

  /**
   * Passport keeps one strategy per name for the whole process, the one constructed last, and a
   * process may hold several apps with their own secrets and databases (test suites start two).
   * So each app's guard names its own strategy in the authenticate options, and whichever
   * instance Passport holds hands the request to it.
   */
  validate(request: BearerRequest, options: BearerAuthenticateOptions): Promise<AuthContext> {
    return (options.strategy ?? this).authenticateHeader(request.headers.authorization);
  }

  /** The caller behind an Authorization header, or the 401/403 that refuses it (contract §4). Not `authenticate`: that is Passport's entry point, which calls `validate`. */
  async authenticateHeader(header: string | undefined): Promise<AuthContext> {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw IdentityErrors.noAuthorization();
    const accessToken = match[1];
    const claims = this.tokens.verify(accessToken);
    const found = await this.userSessions.find(claims.sub, claims.session_id);
    // A deleted account's row stays (anonymised) but answers as GoTrue's deleted user does.
    if (!found || found.user.deletedAt) throw IdentityErrors.userNotFound();
    if (!found.session) throw IdentityErrors.sessionNotFound();
    // A token's aal is a snapshot: once 2FA is removed the session is aal1 at once, not at expiry.
    const aal = claims.aal === 'aal2' && found.session.aal === 'aal2' ? 'aal2' : 'aal1';
    return {
      user: found.user,
      sessionId: claims.session_id,
      claims: { ...claims, aal },
      accessToken,
      authenticatedAt: found.session.authenticatedAt,
    };
  }
}
