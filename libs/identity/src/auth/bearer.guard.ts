import { Inject, Injectable, SetMetadata, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, PreparedStatements } from '#app/platform';
import type { FastifyRequest } from 'fastify';
import { User } from '../entities/user.entity.js';
import { IdentityErrors } from '../identity.errors.js';
import { JwtService, type AccessClaims } from './jwt.service.js';

export interface AuthContext {
  user: User;
  sessionId: string;
  /** The token's claims, except `aal`: the session's current level in the database (never above the token's). */
  claims: AccessClaims;
  accessToken: string;
  /** When this session's owner last proved who they are (sign-in, second factor, re-authentication). */
  authenticatedAt: Date | null;
}

type AuthedRequest = FastifyRequest & { auth?: AuthContext };

interface UserSessionRow {
  id: string;
  email: string;
  encrypted_password: string;
  app_role: User['appRole'];
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
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
    userMetadata: row.user_metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/**
 * Accepts a request only with a valid access token whose user and session still exist, as
 * GoTrue does: signing out or a detected refresh-token reuse ends the token's validity at once.
 */
@Injectable()
export class BearerGuard implements CanActivate {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(PreparedStatements) private readonly statements: PreparedStatements,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    try {
      request.auth = await this.authenticate(request.headers.authorization);
    } catch (error) {
      const message = this.reflector.getAllAndOverride<string | undefined>(SIGNED_OUT_MESSAGE, [context.getHandler(), context.getClass()]);
      if (message && error instanceof AppError) throw new AppError(401, error.code, message);
      throw error;
    }
    return true;
  }

  async authenticate(header: string | undefined): Promise<AuthContext> {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw IdentityErrors.noAuthorization();
    const accessToken = match[1];
    const claims = await this.jwt.verify(accessToken);
    // Every authenticated request runs this: prepared once per connection.
    const rows = await this.statements.query<UserSessionRow>(
      `select u.*, s.id as session_id, s.aal as session_aal, s.authenticated_at as session_authenticated_at
         from users u left join sessions s on s.id = ? and s.user_id = u.id where u.id = ?`,
      [claims.session_id, claims.sub],
    );
    if (rows.length === 0) throw IdentityErrors.userNotFound();
    const row = rows[0];
    if (!row.session_id) throw IdentityErrors.sessionNotFound();
    // A token's aal is a snapshot: once 2FA is removed the session is aal1 at once, not at expiry.
    const aal = claims.aal === 'aal2' && row.session_aal === 'aal2' ? 'aal2' : 'aal1';
    return { user: toUser(row), sessionId: claims.session_id, claims: { ...claims, aal }, accessToken, authenticatedAt: row.session_authenticated_at === null ? null : new Date(row.session_authenticated_at) };
  }
}

const SIGNED_OUT_MESSAGE = 'fanmint:signed-out-message';

/** The message a route answers (401) when the caller has no valid session, e.g. SPEC §6's rewards messages. */
export const SignedOutMessage = (message: string) => SetMetadata(SIGNED_OUT_MESSAGE, message);

export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<AuthedRequest>().auth;
  if (!auth) throw IdentityErrors.noAuthorization();
  return auth;
});
