import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import { PreparedStatements } from '#app/platform';
import { User } from '../entities/user.entity.js';
import { IdentityErrors } from '../identity.errors.js';
import { AccessTokens, type AccessClaims } from './access-tokens.js';

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

interface UserSessionRow {
  id: string;
  email: string;
  encrypted_password: string;
  app_role: User['appRole'];
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  deleted_at: Date | null;
  user_metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  session_id: string | null;
  session_aal: 'aal1' | 'aal2' | null;
  session_authenticated_at: Date | string | null;
}

function toUser(row: UserSessionRow): User {
  return Object.assign(new User(), {
    id: row.id,
    email: row.email,
    encryptedPassword: row.encrypted_password,
    appRole: row.app_role,
    emailConfirmedAt: row.email_confirmed_at,
    confirmationSentAt: row.confirmation_sent_at,
    recoverySentAt: row.recovery_sent_at,
    lastSignInAt: row.last_sign_in_at,
    emailChange: row.email_change,
    emailChangeSentAt: row.email_change_sent_at,
    deletedAt: row.deleted_at,
    userMetadata: row.user_metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
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
    @Inject(PreparedStatements) private readonly statements: PreparedStatements,
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
    // Every authenticated request runs this: prepared once per connection.
    const rows = await this.statements.query<UserSessionRow>(
      `select u.*, s.id as session_id, s.aal as session_aal, s.authenticated_at as session_authenticated_at
         from users u left join sessions s on s.id = ? and s.user_id = u.id where u.id = ?`,
      [claims.session_id, claims.sub],
    );
    // A deleted account's row stays (anonymised) but answers as GoTrue's deleted user does.
    if (rows.length === 0 || rows[0].deleted_at) throw IdentityErrors.userNotFound();
    const row = rows[0];
    if (!row.session_id) throw IdentityErrors.sessionNotFound();
    // A token's aal is a snapshot: once 2FA is removed the session is aal1 at once, not at expiry.
    const aal = claims.aal === 'aal2' && row.session_aal === 'aal2' ? 'aal2' : 'aal1';
    return {
      user: toUser(row),
      sessionId: claims.session_id,
      claims: { ...claims, aal },
      accessToken,
      authenticatedAt: row.session_authenticated_at === null ? null : new Date(row.session_authenticated_at),
    };
  }
}
