import { Inject, Injectable } from '@nestjs/common';
import { PreparedStatements } from '#app/platform';
import { User } from '../entities/user.entity.js';

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

/** A user with the session a token names, if that session is still theirs. */
export interface UserWithSession {
  user: User;
  session: { aal: 'aal1' | 'aal2'; authenticatedAt: Date | null } | null;
}

/**
 * What the bearer strategy reads on every authenticated request: the user and the token's session,
 * in one statement prepared once per connection.
 */
@Injectable()
export class UserSessionReadModel {
  constructor(@Inject(PreparedStatements) private readonly statements: PreparedStatements) {}

  /** The user (a deleted one too: the row stays) and their session `sessionId`; null when there is no such user. */
  async find(userId: string, sessionId: string): Promise<UserWithSession | null> {
    const [row] = await this.statements.query<UserSessionRow>(
      `select u.*, s.id as session_id, s.aal as session_aal, s.authenticated_at as session_authenticated_at
         from users u left join sessions s on s.id = ? and s.user_id = u.id where u.id = ?`,
      [sessionId, userId],
    );
    if (!row) return null;
    const session = row.session_id
      ? {
          aal: row.session_aal ?? 'aal1',
          authenticatedAt: row.session_authenticated_at === null ? null : new Date(row.session_authenticated_at),
        }
      : null;
    return { user: toUser(row), session };
  }
}
